import Foundation

/// Replaces a text file atomically, so an interrupted update never leaves half a list. A symbolic link is
/// followed and stays a link: the file it points at is replaced (a list shared through a link stays shared).
public enum AtomicText {
    public static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: target(of: path)), options: .atomic)
    }

    /// The file `path` names: the end of its chain of symbolic links (at most 40, as the kernel allows); a link that
    /// leads nowhere gives the path it leads to, so a write creates the file there.
    public static func target(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }
}

import Foundation

/// Finds the bundled reference integration: it is built next to `mamconf` (and next to the test binary).
public enum ReferenceLocator {
    public static func referenceExecutable() -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = (executable as NSString).deletingLastPathComponent
        // A test bundle sits one level deeper on some platforms (.xctest/Contents/MacOS).
        for _ in 0..<4 {
            let candidate = (directory as NSString).appendingPathComponent("mamconf-reference")
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return nil
    }
}

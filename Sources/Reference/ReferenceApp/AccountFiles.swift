import Foundation

/// The app's per-account documents: `<dataDirectory>/files/<accountId>/<name>`.
///
/// One folder per account mirrors how a multi-account app separates data, and lets `app.state` list what
/// survives a wipe. Ownership for the SDK is recorded separately with `IntuneMAMFileProtectionManager`.
struct AccountFiles: Sendable {
    let root: URL

    init(dataDirectory: URL) {
        root = dataDirectory.appendingPathComponent("files", isDirectory: true)
    }

    /// A file name the app accepts: one path component, not hidden (no leading dot, so no `..` either).
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\0") && !name.hasPrefix(".")
            && name.utf8.count <= 255
    }

    /// The folder of `accountId`, reusing an existing folder whose name differs only in case.
    func folder(for accountId: String) -> URL {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let name = existing.first { $0.lowercased() == accountId.lowercased() } ?? accountId
        return root.appendingPathComponent(name, isDirectory: true)
    }

    /// Writes the file and returns its path.
    func write(accountId: String, name: String, content: Data) throws -> String {
        let folder = folder(for: accountId)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try content.write(to: file, options: .atomic)
        return file.path
    }

    /// Deletes every file of the account (the folder stays, so `app.state` shows it empty).
    func deleteAll(accountId: String) -> Int {
        let folder = folder(for: accountId)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var deleted = 0
        for name in names {
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { deleted += 1 }
        }
        return deleted
    }

    /// File names per account folder, sorted.
    func listing() -> [String: [String]] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        var result: [String: [String]] = [:]
        for folder in folders {
            let url = root.appendingPathComponent(folder, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            result[folder] = names.filter { !$0.hasPrefix(".") }.sorted()
        }
        return result
    }
}

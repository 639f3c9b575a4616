import Foundation
import Synchronization

/// Where a standalone mock keeps its tenants between runs (`--state-file`): every change is written, the newest
/// state wins, and the file is replaced atomically (written beside it, then renamed), so a crash leaves either the
/// old state or the new one, never half of one.
///
/// Writing happens on a queue of its own, never in the state actor or on the concurrency pool; bursts of changes
/// are coalesced into one write.
final class StateFile: Sendable {
    let path: String
    private let queue = DispatchQueue(label: "mamconf.mock-backend.state-file")
    private let pending = Mutex<[Tenant]?>(nil)

    /// Why the state file could not be used; the mock does not start with it.
    struct Problem: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "state file \(path): \(reason)" }
    }

    /// The on-disk shape, versioned so a future mock can refuse (or migrate) an old file knowingly.
    private struct Contents: Codable {
        var formatVersion: Int
        var tenants: [Tenant]
    }

    static let formatVersion = 1

    init(path: String) {
        self.path = path
    }

    /// The tenants saved last time; none when the file does not exist yet. Every value is checked
    /// (``Tenant/problem``): a file edited by hand or by another program must not bring the mock down later.
    func load() throws(Problem) -> [Tenant] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(path: path, reason: "it exists but cannot be read")
        }
        let contents: Contents
        do { contents = try JSONDecoder().decode(Contents.self, from: data) } catch {
            throw Problem(path: path, reason: "it is not a mock state file (\(error)); move it away or delete it to start empty")
        }
        guard contents.formatVersion == Self.formatVersion else {
            throw Problem(path: path, reason: "format version \(contents.formatVersion) is not \(Self.formatVersion)")
        }
        for tenant in contents.tenants {
            if let problem = tenant.problem {
                throw Problem(path: path, reason: "tenant \(tenant.id): \(problem); fix it, or move the file away or delete it to start empty")
            }
        }
        return contents.tenants
    }

    /// Schedules a write of `tenants`; a newer snapshot replaces one not yet written.
    func save(_ tenants: [Tenant]) {
        let scheduled = pending.withLock { slot -> Bool in
            let wasIdle = slot == nil
            slot = tenants
            return !wasIdle
        }
        guard !scheduled else { return }
        queue.async { [self] in
            guard let snapshot = pending.withLock({ slot -> [Tenant]? in defer { slot = nil }; return slot }) else { return }
            write(snapshot)
        }
    }

    /// Waits until every scheduled write is on disk.
    func flush() {
        queue.sync {}
    }

    private func write(_ tenants: [Tenant]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(Contents(formatVersion: Self.formatVersion, tenants: tenants)) else { return }
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}

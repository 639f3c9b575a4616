import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// Which build of the app the simulated device has installed: the command line's (`--sdk-version`), until
/// `app.update` replaces it by another (UPG-01).
///
/// It is the device's record, not the app's data: it lives in the case's data directory as `installed-build.json`,
/// so it survives the app's restarts (in-process or across `exec`) and `app.reinstall` (the same build comes back),
/// and goes with `reset` (a fresh install is the command line's build again).
struct InstalledBuild: Codable, Sendable, Equatable {
    static let fileName = "installed-build.json"
    /// The app version of the command line's build; each update adds one to the minor number.
    static let firstAppVersion = "1.0"

    /// The SDK release the build links.
    var sdkVersion: String
    /// The app's own version (`CFBundleShortVersionString`), which the SDK reports to the service.
    var appVersion: String

    /// The build installed in `dataDirectory`: the last update's, else the command line's.
    static func installed(in dataDirectory: URL) -> InstalledBuild {
        let file = dataDirectory.appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: file), let build = try? JSONDecoder().decode(InstalledBuild.self, from: data) {
            return build
        }
        return InstalledBuild(sdkVersion: IntuneMAMVersionInfo.sdkVersion, appVersion: firstAppVersion)
    }

    /// The build an update installs over this one: the SDK release asked for (the newest the simulation knows when
    /// none is), and the next app version.
    func update(toSDKVersion version: String?) throws(RPCError) -> InstalledBuild {
        let sdkVersion = version ?? IntuneMAMVersionInfo.newest
        guard SDKEdition(version: sdkVersion) != nil else {
            throw RPCError(.invalidParams, "parameter \"sdkVersion\" must be dotted numbers (e.g. 21.7.1), got \"\(sdkVersion)\"")
        }
        let parts = appVersion.split(separator: ".").compactMap { Int($0) }
        let next = "\(parts.first ?? 1).\((parts.count > 1 ? parts[1] : 0) + 1)"
        return InstalledBuild(sdkVersion: sdkVersion, appVersion: next)
    }

    /// Installs this build on the device (the app is not running).
    func install(in dataDirectory: URL) throws(RPCError) {
        do {
            try JSONEncoder().encode(self).write(to: dataDirectory.appendingPathComponent(Self.fileName), options: .atomic)
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "cannot install the update: \(error)")
        }
    }
}

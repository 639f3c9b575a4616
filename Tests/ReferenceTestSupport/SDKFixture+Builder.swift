import Foundation

extension SDKFixture {
    /// What a reference-SDK test needs of its device: the tenant's users, a protection policy or none, who plays the
    /// app's side, whether the runtime reads the device channel, and whether the SDK's own restart relaunches. One
    /// builder, so every test's device is made by the same code and only the options differ.
    public struct Builder {
        /// Who the runtime talks to as the simulated OS and its policy delegate.
        public enum AppSide: Sendable {
            /// The fake app is the platform and both delegates.
            case app
            /// ``SDKTestHost`` is the platform (recording notifications and log lines); the fake app stays both
            /// delegates.
            case recordingHost
            /// ``SDKTestHost`` is the platform and the policy delegate (answering identity switches from a script).
            case identityHost
        }

        /// The tenant's users (alias, licensed).
        public var users: [(alias: String, licensed: Bool)] = [("alice", true)]
        /// Users under app-protection Conditional Access: no token for the app's own resources until an enrollment
        /// of theirs applied a policy.
        public var protectionPolicyRequired: Set<String> = []
        /// When set, a protection policy with these settings is created and targeted (its id is the fixture's
        /// `policyId`).
        public var policy: [String: Any]?
        public var appSide: AppSide = .app
        /// The runtime reads the operating system's managed app configuration (the MDM channel).
        public var readsDeviceChannel = false
        /// The SDK's own restart (`terminateAndRelaunch`) builds and launches a new runtime.
        public var relaunchesOnRestart = true

        public init() {}

        /// Starts the tenant and returns the device.
        public func make() async throws -> SDKFixture {
            let backend = try await SDKTestBackend.start(users: users, protectionPolicyRequired: protectionPolicyRequired)
            var policyId: String?
            if let policy { policyId = try await backend.createPolicy(policy) }
            return SDKFixture(backend: backend, policyId: policyId, options: self)
        }
    }

    /// A device with one licensed account, alice, and nothing arranged: the fake app plays the app's side.
    public static func make(users: [(alias: String, licensed: Bool)] = [("alice", true)],
                            protectionPolicyRequired: Set<String> = []) async throws -> SDKFixture {
        var builder = Builder()
        builder.users = users
        builder.protectionPolicyRequired = protectionPolicyRequired
        return try await builder.make()
    }

    /// A device for the identity and policy-query tests: alice and bob, licensed, a protection policy with
    /// `policy` settings targeted at both, and ``SDKTestHost`` as platform and policy delegate.
    public static func identity(policy: [String: Any]) async throws -> SDKFixture {
        var builder = Builder()
        builder.users = [("alice", true), ("bob", true)]
        builder.policy = policy
        builder.appSide = .identityHost
        builder.relaunchesOnRestart = false
        return try await builder.make()
    }

    /// A device for the allowed-accounts and app-configuration tests: the device channel wired into the runtime and
    /// ``SDKTestHost`` recording notifications and log lines.
    public static func appConfig(users: [(alias: String, licensed: Bool)] = [("alice", true), ("bob", true)])
        async throws -> SDKFixture {
        var builder = Builder()
        builder.users = users
        builder.appSide = .recordingHost
        builder.readsDeviceChannel = true
        builder.relaunchesOnRestart = false
        return try await builder.make()
    }
}

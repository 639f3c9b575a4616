import Foundation
@testable import ReferenceSDK
import Testing
import ReferenceTestSupport

/// The app updated in place (UPG-01) and deleted and installed again (RIN-01), as the SDK sees them: another build
/// finds the state the previous one left; a new installation finds only the keychain an earlier one left.
@Suite("ReferenceSDK update and reinstall")
struct ReferenceSDKLifecycleTests {
    /// Enrolls alice under a PIN policy, sets her PIN up, and writes one of her files; the fixture is left idle.
    static func enrolledFixture() async throws -> (SDKFixture, SDKTestUser, URL) {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(["pinRequired": true, "minimumPinLength": 4])
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        fixture.app.answerPINs(["1234"])
        #expect(await fixture.launch() == .ready)
        let file = fixture.writeFile("report.txt", owner: alice.objectId)
        fixture.app.clearEvents()
        return (fixture, alice, file)
    }

    @Test("an update to another SDK release keeps the enrollment, policy, PIN and data, and asks nothing but the PIN")
    func updateKeepsEverything() async throws {
        let (fixture, alice, file) = try await Self.enrolledFixture()
        fixture.install(sdkVersion: "21.7.1", appVersion: "1.1")
        fixture.app.answerPINs(["1234"])
        #expect(await fixture.launch() == .ready)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds() == [alice.objectId])
        #expect(fixture.sdk.policyManager.policy(forAccountId: alice.objectId)?.isPINRequired == true)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(fixture.app.events == [.ui(.pinEntry)], "only the PIN the policy asks for at every launch")
        await fixture.tearDown()
    }

    @Test("the state a build older than the build stamp wrote is read by the newer build as it is")
    func olderStateFormatIsRead() async throws {
        let (fixture, alice, _) = try await Self.enrolledFixture()
        // As a build from before `launchedBuild` existed wrote it: the same format 1, without the member.
        let stateURL = fixture.dataDirectory.appendingPathComponent("sdk/state.json")
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: stateURL)) as? [String: Any])
        #expect(object["launchedBuild"] != nil, "this build stamps the state")
        object.removeValue(forKey: "launchedBuild")
        #expect(object["formatVersion"] as? Int == 1)
        try JSONSerialization.data(withJSONObject: object).write(to: stateURL)
        fixture.install(sdkVersion: "21.7.1", appVersion: "2.0")
        fixture.app.answerPINs(["1234"])
        #expect(await fixture.launch() == .ready)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        #expect(fixture.app.events == [.ui(.pinEntry)])
        let stamped = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: stateURL)) as? [String: Any])
        #expect((stamped["launchedBuild"] as? [String: String]) == ["sdkVersion": "21.7.1", "appVersion": "2.0"])
        await fixture.tearDown()
    }

    @Test("enrollmentLostOnUpdate: the update's first launch drops the enrollment and the registrations")
    func enrollmentLostOnUpdate() async throws {
        let (fixture, _, _) = try await Self.enrolledFixture()
        fixture.install(sdkVersion: "21.7.1", appVersion: "1.1")
        await fixture.launch(defects: [.enrollmentLostOnUpdate])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds().isEmpty)
        await fixture.tearDown()
    }

    @Test("updateWipesManagedData: the update's first launch asks the app to wipe the enrolled account")
    func updateWipesManagedData() async throws {
        let (fixture, alice, _) = try await Self.enrolledFixture()
        fixture.install(sdkVersion: "21.7.1", appVersion: "1.1")
        fixture.app.answerPINs(["1234"])
        await fixture.launch(defects: [.updateWipesManagedData])
        #expect(fixture.app.events.contains(.wipe(alice.objectId.lowercased())))
        await fixture.tearDown()
    }

    /// Deletes the app's container as an uninstall does: everything but the keychain.
    static func reinstall(_ fixture: SDKFixture) throws {
        fixture.runtime?.terminate()
        let directory = fixture.dataDirectory
        for entry in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where entry != IntuneMAMRuntimeConfiguration.keychainDirectoryName {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(entry))
        }
    }

    @Test("a reinstalled app starts unmanaged: the keychain's earlier enrollment, PIN and policy are not enforced")
    func reinstallStartsUnmanaged() async throws {
        let (fixture, _, _) = try await Self.enrolledFixture()
        let keychain = fixture.dataDirectory.appendingPathComponent("keychain/intune-mam.json")
        #expect(FileManager.default.fileExists(atPath: keychain.path), "the SDK keeps its items in the keychain")
        try Self.reinstall(fixture)
        #expect(await fixture.launch() == .ready)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds().isEmpty)
        #expect(fixture.app.events.isEmpty, "no PIN and no restart: \(fixture.app.events)")
        await fixture.tearDown()
    }

    @Test("previousInstallRestoredFromKeychain: the reinstalled app asks the earlier installation's PIN")
    func previousInstallRestoredFromKeychain() async throws {
        let (fixture, alice, _) = try await Self.enrolledFixture()
        try Self.reinstall(fixture)
        fixture.app.answerPINs(["1234"])
        await fixture.launch(defects: [.previousInstallRestoredFromKeychain])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        #expect(fixture.app.events.contains(.ui(.pinEntry)))
        await fixture.tearDown()
    }

    @Test("restartAskedForPreviousInstall: the reinstalled app is asked to restart before any enrollment")
    func restartAskedForPreviousInstall() async throws {
        let (fixture, _, _) = try await Self.enrolledFixture()
        try Self.reinstall(fixture)
        await fixture.launch(defects: [.restartAskedForPreviousInstall])
        #expect(fixture.app.events.contains(.restartApplication))
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        await fixture.tearDown()
    }
}

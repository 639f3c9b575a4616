import Foundation
@testable import ReferenceSDK
import Testing
import ReferenceTestSupport

// issue 27: file provider extensions (EXT)

/// What the reference SDK tells and does for a file provider extension (EXT-01…EXT-04): the policy's two answers,
/// read from the Graph settings the reference maps them to, and the file protection manager's calls.
@Suite struct ReferenceSDKFileProviderTests {
    /// `shouldFileProviderEncryptFiles` follows `appDataEncryptionType` as `isFileEncryptionRequired` does.
    @Test(arguments: [
        (#"{"appDataEncryptionType": "whenDeviceLocked"}"#, true),
        (#"{"appDataEncryptionType": "whenDeviceLockedExceptOpenFiles"}"#, true),
        (#"{"appDataEncryptionType": "afterDeviceRestart"}"#, true),
        (#"{"appDataEncryptionType": "useDeviceSettings"}"#, false),
        (#"{"appDataEncryptionType": 3}"#, false),
        (#"{"pinRequired": true}"#, false),
    ])
    func fileProviderEncryptionFollowsTheDataEncryptionSetting(json: String, encrypts: Bool) throws {
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(json.utf8), policyVersion: nil))
        #expect(policy.shouldFileProviderEncryptFiles == encrypts)
    }

    /// The kinds of file an import may bring.
    enum Incoming: String, CaseIterable, Sendable {
        /// Encrypted by another managed app's SDK for an account.
        case encryptedForAnAccount
        /// An SDK's header with no account (protected for the unmanaged identity).
        case protectedForNoAccount
        case plain
        /// Nothing at the path.
        case missing
        /// Starts like an SDK's header but is cut short.
        case truncatedHeader
    }

    /// `canReceiveSharedFile:` follows `allowedInboundDataTransferSources`: anything under allApps (and when absent),
    /// nothing under none, and under managedApps only a file an SDK protected for an account.
    @Test(arguments: [
        ("allApps", Incoming.encryptedForAnAccount, true), ("allApps", .plain, true), ("allApps", .missing, true),
        ("none", .encryptedForAnAccount, false), ("none", .plain, false),
        ("managedApps", .encryptedForAnAccount, true), ("managedApps", .protectedForNoAccount, false),
        ("managedApps", .plain, false), ("managedApps", .missing, false), ("managedApps", .truncatedHeader, false),
        (nil, .plain, true),
    ] as [(String?, Incoming, Bool)])
    func aSharedFileIsReceivedAsTheInboundSettingSays(inbound: String?, incoming: Incoming, received: Bool) throws {
        let json = inbound.map { #"{"allowedInboundDataTransferSources": "\#($0)"}"# } ?? "{}"
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(json.utf8), policyVersion: nil))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("incoming-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let key = Data("device".utf8)
        let text = Data("board minutes".utf8)
        switch incoming {
        case .encryptedForAnAccount:
            try DataProtectionEnvelope(owner: "5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11", encrypted: true, payload: text)
                .serialized(key: key).write(to: URL(fileURLWithPath: path))
        case .protectedForNoAccount:
            try DataProtectionEnvelope(owner: "", encrypted: false, payload: text).serialized(key: key)
                .write(to: URL(fileURLWithPath: path))
        case .plain:
            try text.write(to: URL(fileURLWithPath: path))
        case .missing:
            break
        case .truncatedHeader:
            try (DataProtectionEnvelope.magic + Data([1, 0, 40]) + Data("5b7c".utf8)).write(to: URL(fileURLWithPath: path))
        }
        #expect(policy.canReceiveSharedFile(path) == received)
    }

    /// An extension's round trip: `encryptFile:forAccountId:` encrypts in place and makes the file the account's,
    /// `isFileEncrypted:` sees it, `decryptFile:toCopyPath:` writes the content beside it and leaves it encrypted; what
    /// cannot be encrypted or decrypted is refused and left as it was; an item keeps the owner it was protected for.
    @Test func encryptedFilesRoundTripAndBadInputIsRefusedUnchanged() async throws {
        let fixture = try await SDKFixture.identity(policy: [:])
        await fixture.launch()
        do {
            try roundTrip(fixture.sdk.fileProtectionManager, in: fixture.dataDirectory)
        } catch {
            await fixture.tearDown()
            throw error
        }
        await fixture.tearDown()
    }

    private func roundTrip(_ files: IntuneMAMFileProtectionManager, in dataDirectory: URL) throws {
        let folder = dataDirectory.appendingPathComponent("extension", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("figures.txt").path
        let copy = folder.appendingPathComponent("figures-copy.txt").path
        let text = Data("Q3 figures".utf8)
        try text.write(to: URL(fileURLWithPath: file))
        let account = "5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11"

        #expect(!files.encryptFile(file, forAccountId: ""))
        #expect(!files.decryptFile(file, toCopyPath: copy))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == text)
        #expect(!files.isFileEncrypted(file))

        #expect(files.encryptFile(file, forAccountId: account))
        #expect(files.isFileEncrypted(file))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) != text)
        #expect(files.protectionInfo(forPath: file)?.accountId == account)
        #expect(!files.encryptFile(file, forAccountId: account), "encrypting twice would need two decryptions")

        #expect(files.decryptFile(file, toCopyPath: copy))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == text)
        #expect(files.isFileEncrypted(file))
        #expect(!files.encryptFile(folder.appendingPathComponent("missing.txt").path, forAccountId: account))
        #expect(!files.isFileEncrypted(folder.appendingPathComponent("missing.txt").path))

        let item = FileProviderItem(itemIdentifier: "provided/figures.txt")
        #expect(files.owner(ofFileProviderItem: item) == nil)
        files.protectFileProviderItem(item, forAccountId: account)
        #expect(files.owner(ofFileProviderItem: item) == account)
        #expect(files.owner(ofFileProviderItem: FileProviderItem(itemIdentifier: "provided/other.txt")) == nil)
    }
}

@testable import ReferenceApp
import Testing

/// The app's choice of location for storage the enumerations do not list (POL-51, 003:543-547): an account document
/// only when the managed account itself is signed in there; a look-alike sharing its UPN, and a location the app cannot
/// classify, are other. Each planted defect turns exactly the answers it names.
@Suite struct ReferenceAppUnlistedLocationTests {
    static let alice = "6a1e0b7e-2f5c-4c43-9d6b-1a2b3c4d5e6f"
    static let aliceUPN = "alice@contoso.com"

    /// A storage as `app.saveToUnlisted` describes it, and whether each rule set takes it for the managed account's own:
    /// documented, matched by UPN, unclassified asked as an account document.
    struct Storage: Sendable, CustomStringConvertible {
        var description: String
        var service: String?
        var accountId: String?
        var upn: String?
        var documented: Bool
        var byUPN: Bool
        var unclassifiedAsAccountDocument: Bool
    }

    static let storages: [Storage] = [
        Storage(description: "the managed account itself at an unlisted service", service: "Contoso Files", accountId: alice,
                upn: aliceUPN, documented: true, byUPN: true, unclassifiedAsAccountDocument: true),
        Storage(description: "the managed account in other letter case", service: "Contoso Files", accountId: alice.uppercased(),
                upn: nil, documented: true, byUPN: false, unclassifiedAsAccountDocument: true),
        Storage(description: "an account sharing the managed UPN at Dropbox", service: "Dropbox", accountId: nil, upn: aliceUPN,
                documented: false, byUPN: true, unclassifiedAsAccountDocument: false),
        Storage(description: "another Entra account with the same UPN", service: "Contoso Files", accountId: "0000-other",
                upn: "ALICE@contoso.com", documented: false, byUPN: true, unclassifiedAsAccountDocument: false),
        Storage(description: "a location the app cannot classify", service: nil, accountId: nil, upn: nil,
                documented: false, byUPN: false, unclassifiedAsAccountDocument: true),
    ]

    static func decides(_ storage: Storage, _ rules: AppRules) -> Bool {
        ReferenceApp.isManagedAccountsOwn(alice, managedUPN: aliceUPN, service: storage.service, accountId: storage.accountId,
                                          upn: storage.upn, rules: rules.dataTransfer)
    }

    @Test(arguments: storages)
    func unlistedStorageIsAnAccountDocumentOnlyForTheManagedAccountItself(_ storage: Storage) {
        #expect(Self.decides(storage, AppRules()) == storage.documented)
    }

    @Test(arguments: storages)
    func aUPNMatchTakesTheLookAlikeForTheManagedAccount(_ storage: Storage) {
        #expect(Self.decides(storage, AppRules(breaking: [.unlistedStorageMatchedByUpn])) == storage.byUPN)
    }

    @Test(arguments: storages)
    func anUnclassifiedLocationAskedAsAnAccountDocumentIsTheOnlyChangeOfItsDefect(_ storage: Storage) {
        #expect(Self.decides(storage, AppRules(breaking: [.unclassifiedLocationAskedAsAccountDocument]))
                == storage.unclassifiedAsAccountDocument)
    }

    @Test func unmanagedDataIsNeverAnAccountDocument() {
        #expect(!ReferenceApp.isManagedAccountsOwn("", managedUPN: nil, service: "Contoso Files", accountId: Self.alice,
                                                    upn: Self.aliceUPN, rules: AppRules().dataTransfer))
    }
}

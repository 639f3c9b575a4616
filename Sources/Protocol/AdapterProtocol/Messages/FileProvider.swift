// issue 27: file provider extensions (EXT)

/// `ext.provideFile` params: the app's file provider extension hands the app's file `name` to the system, the way
/// `startProvidingItemAtURL:completionHandler:` does (a non-replicated `NSFileProviderExtension`) or, with
/// `replicated`, `fetchContentsForItemWithIdentifier:…` of an `NSFileProviderReplicatedExtension` (002:147, 002:155).
public struct ProvideFileParams: Codable, Sendable, Hashable {
    public var name: String
    public var replicated: Bool?
    public init(name: String, replicated: Bool? = nil) {
        self.name = name
        self.replicated = replicated
    }
}

/// `ext.provideFile` result: what the system got. `encrypted`: the provided copy is encrypted data of the SDK's
/// (`isFileEncrypted:`); `owner`: the account the SDK recorded for the provided copy ("" = none); `itemOwner`: a
/// replicated extension's item, the account the SDK recorded for the `NSFileProviderItem` it handed the system
/// (`protectFileProviderItem:forAccountId:`, "" = none), absent for a non-replicated one (EXT-01, EXT-04).
public struct ProvideFileResult: Codable, Sendable, Hashable {
    public var encrypted: Bool
    public var owner: AccountID
    public var itemOwner: AccountID?
    public init(encrypted: Bool, owner: AccountID, itemOwner: AccountID? = nil) {
        self.encrypted = encrypted
        self.owner = owner
        self.itemOwner = itemOwner
    }
}

/// `ext.importFile` params: the system hands the app's file provider extension a file with `text` to import into
/// `targetAccountId`'s documents ("" = the unmanaged identity's) as `name`, the way
/// `importDocumentAtURL:toParentItemIdentifier:completionHandler:` does or, with `replicated`,
/// `createItemBasedOnTemplate:…` (002:149, 002:157). Another managed app's SDK encrypted the file for `owner`
/// (`encryptFile:forAccountId:`); "" is a plain file no SDK protected.
public struct ImportFileParams: Codable, Sendable, Hashable {
    public var name: String
    public var text: String
    public var owner: AccountID
    public var targetAccountId: AccountID
    public var replicated: Bool?
    public init(name: String, text: String, owner: AccountID, targetAccountId: AccountID, replicated: Bool? = nil) {
        self.name = name
        self.text = text
        self.owner = owner
        self.targetAccountId = targetAccountId
        self.replicated = replicated
    }
}

/// `ext.importFile` result: `accepted`: the extension kept the file (false: refused, nothing kept); `decrypted`: the
/// file the app kept reads as the text that was sent, not as another app's encrypted data (false when refused);
/// `itemOwner`: a replicated extension's new item, the account the SDK recorded for the `NSFileProviderItem` it handed
/// the system ("" = none), absent for a non-replicated one or a refused file (EXT-02 … EXT-04).
public struct ImportFileResult: Codable, Sendable, Hashable {
    public var accepted: Bool
    public var decrypted: Bool
    public var itemOwner: AccountID?
    public init(accepted: Bool, decrypted: Bool, itemOwner: AccountID? = nil) {
        self.accepted = accepted
        self.decrypted = decrypted
        self.itemOwner = itemOwner
    }
}

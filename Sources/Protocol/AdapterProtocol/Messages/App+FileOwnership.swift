// issue 27: file ownership (IDS-52, IDS-53)

/// `app.truncateData` params: the app opens its existing file `name` in truncate mode under the thread identity
/// `threadAccountId` ("" = none) and writes `content` into it (IDS-52).
public struct TruncateDataParams: Codable, Sendable, Hashable {
    public var name: String
    public var content: String
    public var threadAccountId: AccountID
    public init(name: String, content: String, threadAccountId: AccountID) {
        self.name = name
        self.content = content
        self.threadAccountId = threadAccountId
    }
}

/// One account's share of a file that mixes several accounts' data (`app.writeMixedData`).
public struct MixedDataPart: Codable, Sendable, Hashable {
    /// The account whose data this part is ("" = no account).
    public var accountId: AccountID
    public var content: String
    public init(accountId: AccountID, content: String) {
        self.accountId = accountId
        self.content = content
    }
}

/// `app.writeMixedData` params: the app writes one file `name` holding every part, each its account's data (IDS-53).
public struct WriteMixedDataParams: Codable, Sendable, Hashable {
    public var name: String
    public var parts: [MixedDataPart]
    public init(name: String, parts: [MixedDataPart]) {
        self.name = name
        self.parts = parts
    }
}

/// What the SDK tells of one part as it lies in the written file (`protectionInfo` of its bytes).
public struct MixedDataPartInfo: Codable, Sendable, Hashable {
    /// The owner the SDK reads from the part ("" = none: the part carries no SDK header).
    public var owner: AccountID
    /// The part is data the SDK encrypted.
    public var encrypted: Bool
    public init(owner: AccountID, encrypted: Bool) {
        self.owner = owner
        self.encrypted = encrypted
    }
}

/// `app.writeMixedData` result: per part, in the order of the params, what the file holds.
public struct WriteMixedDataResult: Codable, Sendable, Hashable {
    public var parts: [MixedDataPartInfo]
    public init(parts: [MixedDataPartInfo]) { self.parts = parts }
}

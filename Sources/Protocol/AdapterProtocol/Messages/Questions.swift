/// `ui.pinEntry`, `ui.faceId` params: the account concerned.
public struct AccountQuestion: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public init(accountId: AccountID) { self.accountId = accountId }
}

/// `delegate.wipeDataForAccountId` params: the account to wipe, and (capability `delegate.thread`) whether the SDK
/// called the delegate on the app's main thread. Only the integration sees the thread, and the guides say the call
/// comes from a background thread (000:581, 003:758, WIP-05); an adapter that cannot tell leaves it out and does not
/// declare the capability, so a case asserting it is skipped rather than passed.
public struct WipeQuestion: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public var mainThread: Bool?
    public init(accountId: AccountID, mainThread: Bool? = nil) {
        self.accountId = accountId
        self.mainThread = mainThread
    }
}

/// Answer to a delegate method that returns a boolean (`restartApplication`, `wipeDataForAccountId`).
public struct ReturnAnswer: Codable, Sendable, Hashable {
    public var `return`: Bool
    public init(return value: Bool) { self.return = value }
}

/// `ui.restartDialog` params.
public struct RestartDialogQuestion: Codable, Sendable, Hashable {
    public var message: String
    public init(message: String) { self.message = message }
}

/// `ui.pinSetup` params.
public struct PinSetupQuestion: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public var minimumLength: Int
    public init(accountId: AccountID, minimumLength: Int) {
        self.accountId = accountId
        self.minimumLength = minimumLength
    }
}

/// Answer to `ui.pinSetup` / `ui.pinEntry`: the PIN, or `cancel: true`.
public struct PinAnswer: Codable, Sendable, Hashable {
    public var pin: String?
    public var cancel: Bool?
    public init(pin: String? = nil, cancel: Bool? = nil) {
        self.pin = pin
        self.cancel = cancel
    }
}

/// `ui.signIn` params: the UPN hint, or null.
public struct SignInQuestion: Codable, Sendable, Hashable {
    public var upn: UPN?
    public init(upn: UPN?) { self.upn = upn }
}

/// Answer to `ui.signIn`: credentials, or `cancel: true`.
public struct SignInAnswer: Codable, Sendable, Hashable {
    public var upn: UPN?
    public var password: String?
    public var cancel: Bool?
    public init(upn: UPN? = nil, password: String? = nil, cancel: Bool? = nil) {
        self.upn = upn
        self.password = password
        self.cancel = cancel
    }
}

/// `delegate.identitySwitchRequired` params (`""` = switch to an unmanaged account).
public struct IdentitySwitchQuestion: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public var reason: IdentitySwitchReason
    public init(accountId: AccountID, reason: IdentitySwitchReason) {
        self.accountId = accountId
        self.reason = reason
    }
}

/// Answer to `delegate.identitySwitchRequired`.
public struct SwitchAnswer: Codable, Sendable, Hashable {
    public var result: SwitchOutcome
    public init(result: SwitchOutcome) { self.result = result }
}

/// Answer to `ui.faceId`: whether Face ID recognised the user (false also when they cancelled).
public struct FaceIDAnswer: Codable, Sendable, Hashable {
    public var recognized: Bool
    public init(recognized: Bool) { self.recognized = recognized }
}

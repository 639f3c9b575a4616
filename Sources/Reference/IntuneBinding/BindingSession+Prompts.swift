import AdapterProtocol

/// The SDK's own UI as questions (`ui.*`), for hosts that can answer it for the user: the reference's
/// simulated operating system, or a device host that drives the SDK's screens with UI automation. Hosts that
/// cannot do not declare the `ui.prompts` capability and never call these.
extension BindingSession {
    /// `ui.restartDialog`: the SDK's "restart required" dialog; returns once the runner acknowledged it.
    public func askRestartDialog(message: String) {
        _ = ask(.restartDialog, RestartDialogQuestion(message: message), answer: Empty.self)
    }

    /// `ui.pinSetup` (`setup`) or `ui.pinEntry`: the PIN the simulated user types; nil = cancelled or no answer.
    public func askPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        let answer = setup
            ? ask(.pinSetup, PinSetupQuestion(accountId: AccountID(accountId), minimumLength: minimumLength), answer: PinAnswer.self)
            : ask(.pinEntry, AccountQuestion(accountId: AccountID(accountId)), answer: PinAnswer.self)
        guard let answer, answer.cancel != true else { return nil }
        return answer.pin
    }

    /// `ui.faceId`: the SDK offers Face ID; true when the simulated user was recognised (no answer = not recognised).
    public func askFaceID(accountId: String) -> Bool {
        ask(.faceID, AccountQuestion(accountId: AccountID(accountId)), answer: FaceIDAnswer.self)?.recognized ?? false
    }

    /// `ui.signIn`: the SDK's own sign-in screen; the credentials typed, nil = cancelled or no answer.
    public func askSignIn(hint: String?) -> (upn: String, password: String)? {
        let answer = ask(.signIn, SignInQuestion(upn: hint.map { UPN($0) }), answer: SignInAnswer.self)
        guard let answer, answer.cancel != true, let upn = answer.upn, let password = answer.password else { return nil }
        return (upn.rawValue, password)
    }
}

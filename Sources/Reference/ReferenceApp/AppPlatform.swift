import AdapterProtocol
import ReferenceSDK

/// The simulated operating system under the SDK: every piece of SDK UI becomes an `event.ui`, and with the
/// `ui.prompts` capability a question the runner's simulated user answers; relaunching restarts the app
/// in-process.
final class AppPlatform: IntuneMAMPlatform {
    private let device: ReferenceDevice

    init(device: ReferenceDevice) { self.device = device }

    private var promptsAnswered: Bool { device.supports(.uiPrompts) }

    func showRestartDialog(message: String) {
        guard promptsAnswered else { return }
        _ = device.ask(.restartDialog, RestartDialogQuestion(message: message), answer: Empty.self)
    }

    func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        guard promptsAnswered else { return nil }
        let answer = setup
            ? device.ask(.pinSetup, PinSetupQuestion(accountId: AccountID(accountId), minimumLength: minimumLength), answer: PinAnswer.self)
            : device.ask(.pinEntry, AccountQuestion(accountId: AccountID(accountId)), answer: PinAnswer.self)
        guard let answer, answer.cancel != true else { return nil }
        return answer.pin
    }

    func promptSignIn(hint: String?) -> (upn: String, password: String)? {
        guard promptsAnswered else { return nil }
        let answer = device.ask(.signIn, SignInQuestion(upn: hint.map { UPN($0) }), answer: SignInAnswer.self)
        guard let answer, answer.cancel != true, let upn = answer.upn, let password = answer.password else { return nil }
        device.lastPromptedUPN = upn.rawValue
        return (upn.rawValue, password)
    }

    func terminateAndRelaunch() {
        device.restart(reason: .sdk)
    }

    func didShow(_ ui: IntuneMAMShownUI, accountId: String?) {
        device.events.ui(ui, accountId: accountId)
    }

    func log(level: IntuneMAMLogLevel, message: String) {
        device.events.log(AppEvents.level(level), "sdk: \(message)")
    }

    func post(_ notification: IntuneMAMNotification) {
        device.deliver(notification)
    }
}

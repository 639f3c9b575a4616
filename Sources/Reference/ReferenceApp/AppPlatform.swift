import AdapterProtocol
import ReferenceSDK

/// The simulated operating system under the SDK: every piece of SDK UI becomes an `event.ui`, and with the
/// `ui.prompts` capability a question the runner's simulated user answers; relaunching restarts the app
/// in-process.
final class AppPlatform: IntuneMAMPlatform {
    private let device: ReferenceDevice

    init(device: ReferenceDevice) { self.device = device }

    private var promptsAnswered: Bool { device.supports(Capability.uiPrompts) }

    func showRestartDialog(message: String) {
        guard promptsAnswered else { return }
        _ = device.ask(Method.uiRestartDialog, ["message": .string(message)])
    }

    func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        guard promptsAnswered else { return nil }
        let answer = setup
            ? device.ask(Method.uiPinSetup, ["accountId": .string(accountId), "minimumLength": .number(Double(minimumLength))])
            : device.ask(Method.uiPinEntry, ["accountId": .string(accountId)])
        guard let answer, answer["cancel"]?.boolValue != true else { return nil }
        if let pin = answer["pin"]?.stringValue { return pin }
        if let number = answer["pin"]?.intValue, number >= 0 { return String(number) }
        return nil
    }

    func promptSignIn(hint: String?) -> (upn: String, password: String)? {
        guard promptsAnswered else { return nil }
        let answer = device.ask(Method.uiSignIn, ["upn": hint.map(JSONValue.string) ?? .null])
        guard let answer, answer["cancel"]?.boolValue != true,
              let upn = answer["upn"]?.stringValue, let password = answer["password"]?.stringValue else { return nil }
        device.lastPromptedUPN = upn
        return (upn, password)
    }

    func terminateAndRelaunch() {
        device.restart(reason: .sdk)
    }

    func didShow(_ ui: IntuneMAMShownUI, accountId: String?) {
        device.events.ui(ui, accountId: accountId)
    }

    func log(level: IntuneMAMLogLevel, message: String) {
        device.events.log(AppEvents.levelName(level), "sdk: \(message)")
    }

    func post(_ notification: IntuneMAMNotification) {
        device.deliver(notification)
    }
}

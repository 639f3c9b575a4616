import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// The simulated operating system under the reference SDK: every piece of SDK UI becomes an `event.ui`, and
/// with the `ui.prompts` capability a question the runner's simulated user answers; relaunching restarts the
/// app in-process; notifications and log lines go to the binding, as the real SDK's would through
/// `NotificationCenter` and its logger.
final class AppPlatform: IntuneMAMPlatform {
    private let device: ReferenceDevice

    init(device: ReferenceDevice) { self.device = device }

    var isDeviceJailbroken: Bool { device.isJailbroken }

    private var promptsAnswered: Bool { device.supports(.uiPrompts) }
    private var session: BindingSession { device.session }

    func showRestartDialog(message: String) {
        guard promptsAnswered else { return }
        session.askRestartDialog(message: message)
    }

    func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        guard promptsAnswered else { return nil }
        return session.askPIN(setup: setup, accountId: accountId, minimumLength: minimumLength)
    }

    func promptSignIn(hint: String?) -> (upn: String, password: String)? {
        guard promptsAnswered, let credentials = session.askSignIn(hint: hint) else { return nil }
        device.lastPromptedUPN = credentials.upn
        return credentials
    }

    func terminateAndRelaunch() {
        device.restart(reason: .sdk)
    }

    func didShow(_ ui: IntuneMAMShownUI, accountId: String?) {
        session.events.ui(Self.uiKind(ui), accountId: accountId)
    }

    func log(level: IntuneMAMLogLevel, message: String) {
        session.events.sdkLog(level, message)
    }

    func post(_ notification: IntuneMAMNotification) {
        session.sdkDidPost(notification)
    }

    /// The apps installed on the simulated phone handle these schemes. The reference app dropped the `-intunemam`
    /// twins from its query schemes, the case the guide's `isURLAllowed` advice is about (POL-13), so none is
    /// queryable; an app that kept them (a variant) can ask the twins of the installed managed apps.
    static let installedSchemes: Set<String> = [
        "http", "https", "mailto", "microsoft-edge-http", "microsoft-edge-https", "ms-outlook", "msteams", "ms-word",
        "whatsapp", "dropbox",
    ]

    /// The installed apps that integrate the SDK, by scheme: each has an `-intunemam` twin.
    static let managedAppSchemes: Set<String> = ["microsoft-edge-http", "microsoft-edge-https", "ms-outlook", "msteams", "ms-word"]

    static let twinSuffix = "-intunemam"

    /// The installed apps a share sheet could offer: three Microsoft apps that integrate the SDK, two that do not.
    static let shareTargets: [IntuneMAMShareTarget] = [
        IntuneMAMShareTarget(bundleId: "com.microsoft.Office.Outlook", isPolicyManaged: true),
        IntuneMAMShareTarget(bundleId: "com.microsoft.skype.teams", isPolicyManaged: true),
        IntuneMAMShareTarget(bundleId: "com.microsoft.Office.Word", isPolicyManaged: true),
        IntuneMAMShareTarget(bundleId: "net.whatsapp.WhatsApp", isPolicyManaged: false),
        IntuneMAMShareTarget(bundleId: "com.getdropbox.Dropbox", isPolicyManaged: false),
    ]

    var shareTargets: [IntuneMAMShareTarget] { Self.shareTargets }

    var isFaceIDEnrolled: Bool { device.isFaceIDEnrolled }

    func promptFaceID(accountId: String) -> Bool {
        guard promptsAnswered else { return false }
        return session.askFaceID(accountId: accountId)
    }

    var pasteboard: IntuneMAMPasteboardItem? {
        get { device.pasteboard }
        set { device.pasteboard = newValue }
    }

    func canOpenURL(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased() ?? ""
        if scheme.hasSuffix(Self.twinSuffix) {
            let app = String(scheme.dropLast(Self.twinSuffix.count))
            return device.appRules.dataTransfer.linkCheck == .canOpenURLThroughTwins && Self.managedAppSchemes.contains(app)
        }
        return Self.installedSchemes.contains(scheme)
    }

    func open(_ url: URL, accountId: String?) {
        session.events.app(AppEvent(kind: .urlOpened, accountId: accountId.map { AccountID($0) }))
    }

    /// The protocol's UI kind for the simulation's instrumentation.
    static func uiKind(_ shown: IntuneMAMShownUI) -> UIKind {
        switch shown {
        case .restartDialog: return .restartDialog
        case .pinSetup: return .pinSetup
        case .pinEntry: return .pinEntry
        case .signIn: return .signIn
        case .policyRequired: return .policyRequired
        case .policyAbsentWarning: return .policyAbsentWarning
        case .jailbreakBlocked: return .jailbreakBlocked
        case .offlineBlocked: return .offlineBlocked
        case .faceID: return .faceID
        }
    }
}

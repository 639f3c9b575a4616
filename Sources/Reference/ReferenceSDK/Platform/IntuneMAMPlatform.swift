import Foundation

/// The simulated operating system: what the real SDK would draw on screen or do to the process.
///
/// The app supplies it. Every method is called on the runtime's background work queue; the blocking
/// ones (dialog, prompts) may block as long as the user takes. ``didShow(_:accountId:)`` is called
/// immediately before the corresponding UI is shown, so instrumentation sees every piece of SDK UI.
public protocol IntuneMAMPlatform: AnyObject, Sendable {
    /// Shows the "restart required" dialog; returns when the user acknowledges it.
    func showRestartDialog(message: String)
    /// Asks the user to create (`setup`) or enter a PIN for `accountId`; nil = the user cancelled.
    func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String?
    /// Asks the user to sign in (`hint` = suggested UPN); nil = the user cancelled.
    func promptSignIn(hint: String?) -> (upn: String, password: String)?
    /// The SDK restarts the app: terminate it and launch it again (a fresh runtime from the same data
    /// directory). The calling runtime has already terminated itself. Called on a dedicated thread; must
    /// not wait for the SDK to become idle (this call itself counts as SDK work).
    func terminateAndRelaunch()
    /// Instrumentation: the SDK is about to show `ui` (for `accountId` where it applies).
    func didShow(_ ui: IntuneMAMShownUI, accountId: String?)
    /// The SDK's log (`IntuneMAMLogger`). Never receives tokens, passwords or PINs.
    func log(level: IntuneMAMLogLevel, message: String)
    /// The SDK posts a notification (the real SDK uses `NSNotificationCenter`). Called on the SDK's work
    /// queue: hand anything that calls back into the SDK to another queue. Optional (default: dropped).
    func post(_ notification: IntuneMAMNotification)
    /// What the SDK's jailbreak detection finds (conditional launch, CL-01). Optional (default: not jailbroken).
    var isDeviceJailbroken: Bool { get }
    /// `UIApplication.canOpenURL`: an installed app handles the URL's scheme. Optional (default: none does).
    func canOpenURL(_ url: URL) -> Bool
    /// `UIApplication.open`: hands the URL to the app that handles it; `accountId` is the thread identity the SDK
    /// saw on the opening thread (instrumentation). Optional (default: nothing opens).
    func open(_ url: URL, accountId: String?)
    /// The installed apps a share sheet could offer, and whether each integrates the SDK. Optional (default: none).
    var shareTargets: [IntuneMAMShareTarget] { get }
    /// The general pasteboard (`UIPasteboard.general`), as the SDK writes and reads it. Optional (default: none).
    var pasteboard: IntuneMAMPasteboardItem? { get set }
    /// The device has Face ID enrolled. Optional (default: no).
    var isFaceIDEnrolled: Bool { get }
    /// Asks the user to look at the device for `accountId`'s access; true when Face ID recognised them (false also
    /// when they cancelled). Blocks like the PIN prompt. Optional (default: not recognised).
    func promptFaceID(accountId: String) -> Bool
}

extension IntuneMAMPlatform {
    public var isDeviceJailbroken: Bool { false }
    public func canOpenURL(_ url: URL) -> Bool { false }
    public func open(_ url: URL, accountId: String?) {}
    public var shareTargets: [IntuneMAMShareTarget] { [] }
    public var pasteboard: IntuneMAMPasteboardItem? {
        get { nil }
        set {}
    }
    public var isFaceIDEnrolled: Bool { false }
    public func promptFaceID(accountId: String) -> Bool { false }
}

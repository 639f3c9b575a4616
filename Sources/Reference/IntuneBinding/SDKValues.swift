#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterProtocol

/// The SDK's enumerations and the protocol's neutral vocabulary, mapped once and exhaustively (a new case on
/// either side is a compile error here, not a silent default). The real SDK's Objective-C enumerations are open
/// (`NS_ENUM`): Swift 6 demands an `@unknown default` for the values a later SDK may add, and each says what such a
/// value becomes (the reference's Swift enumerations are closed, so there it is never taken).
///
/// The case names are the Swift import of the iOS `NS_ENUM`s (prefix dropped, first letter lowered), which
/// the reference SDK spells the same way.
enum SDKValues {
    /// The protocol's switch result for the SDK's.
    static func switchResult(_ result: IntuneMAMSwitchIdentityResult) -> SwitchResult {
        switch result {
        case .success: return .success
        case .canceled: return .canceled
        case .notAllowed: return .notAllowed
        case .failed: return .failed
        @unknown default: return .failed
        }
    }

    /// The protocol's switch reason for the SDK's; nil for a reason newer than the protocol (the policy delegate
    /// then refuses the switch rather than ask the runner under a reason that is not the SDK's).
    static func switchReason(_ reason: IntuneMAMIdentitySwitchReason) -> IdentitySwitchReason? {
        switch reason {
        case .openURL: return .openURL
        case .cancelConditionalLaunch: return .cancelConditionalLaunch
        case .documentImport: return .documentImport
        @unknown default: return nil
        }
    }

    /// The protocol's notification policy for the SDK's; a policy newer than the protocol fails the request
    /// rather than be reported as one it is not.
    static func notificationPolicy(_ policy: IntuneMAMNotificationPolicy) throws(RPCError) -> NotificationPolicy {
        switch policy {
        case .allow: return .allow
        case .blockOrgData: return .blockOrgData
        case .block: return .block
        @unknown default:
            throw RPCError(code: RPCError.actionFailed,
                           message: "the SDK's notification policy \(policy.rawValue) is not in the protocol")
        }
    }

    /// The SDK's save location for the protocol's.
    static func saveLocation(_ location: SaveLocation) -> IntuneMAMSaveLocation {
        switch location {
        case .other: return .other
        case .oneDriveForBusiness: return .oneDriveForBusiness
        case .sharePoint: return .sharePoint
        case .box: return .box
        case .dropbox: return .dropbox
        case .googleDrive: return .googleDrive
        case .localDrive: return .localDrive
        case .cameraRoll: return .cameraRoll
        case .accountDocument: return .accountDocument
        }
    }

    /// The SDK's open location for the protocol's.
    static func openLocation(_ location: OpenLocation) -> IntuneMAMOpenLocation {
        switch location {
        case .other: return .other
        case .oneDriveForBusiness: return .oneDriveForBusiness
        case .sharePoint: return .sharePoint
        case .camera: return .camera
        case .localStorage: return .localStorage
        case .photos: return .photos
        case .accountDocument: return .accountDocument
        }
    }
}

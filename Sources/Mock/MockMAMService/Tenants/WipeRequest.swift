/// A selective wipe an administrator asked for, one per app registration on the tagged device (as Intune does).
///
/// It is `pending` until a check-in of that registration carries the wipe command, `delivered` until the SDK
/// unenrolls that registration, and `done` after that. A delivered wipe is sent again at every check-in until the
/// SDK unenrolls, so a lost answer cannot lose the wipe.
struct WipeRequest: Sendable, Codable {
    enum State: String, Sendable, Codable {
        case pending, delivered, done
    }

    let id: String
    let userId: String
    let deviceTag: String
    let registrationId: String
    let requestedDateTime: String
    var state: State
}

import Foundation
import Locking

/// How long the SDK waits for the app to answer a callback with a completion (`getAccessToken`, `addAccountId`,
/// an identity switch): one bound, the configuration's delegate timeout, for every flow that waits, so an app that
/// never calls back stalls a flow for that long and no longer.
struct SDKAppWait: Sendable {
    let timeout: TimeInterval

    /// Calls `start` with a completion and blocks until it is called or the timeout passes (nil).
    func callAndWait<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Void) -> Value? {
        let box = Latch<Value>()
        start { box.fulfil($0) }
        return box.wait(until: Date(timeIntervalSinceNow: timeout))
    }
}

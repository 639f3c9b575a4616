/// A mock-backend request of a test that did not answer as it should: what was asked and what came back.
public struct SDKTestBackendError: Error, CustomStringConvertible {
    public let description: String
}

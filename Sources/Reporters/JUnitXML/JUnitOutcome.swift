/// The result of one test case, mapped to at most one result element so that every schema accepts it.
public enum JUnitOutcome: Sendable, Equatable {
    case passed
    /// An assertion did not hold: `<failure message type>details</failure>`.
    case failure(message: String, type: String, details: String)
    /// The test could not run properly (adapter, transport or harness fault): `<error message type>details</error>`.
    case error(message: String, type: String, details: String)
    /// Not run: `<skipped>message</skipped>`. The reason is element text, not a `message` attribute,
    /// because jenkins-junit.xsd declares `skipped` as `xs:string`, which allows no attributes;
    /// Jenkins falls back to the text when the attribute is missing.
    case skipped(message: String)
}

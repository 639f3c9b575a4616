/// What an ``AdapterProbe`` found.
public enum ProbeVerdict: Sendable, Equatable {
    /// The integration did what the protocol says; `summary` says what was seen (`adapter-check`'s table shows it).
    case passed(summary: String)
    /// It did not: `message` says what was expected and what came instead, as a failed case reports it.
    case failed(String)
}

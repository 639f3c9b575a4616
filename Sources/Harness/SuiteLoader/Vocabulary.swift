import AdapterProtocol

/// The closed vocabulary a suite may use, read off the protocol's types. Anything else is a suite error,
/// caught before a run starts.
enum Vocabulary {
    static let actions = RunnerMethod.allCases.filter { $0.role == .action }
    static let queries = RunnerMethod.allCases.filter { $0.role == .query }
    static let stepKinds = ["do", "expect", "expect_no", "expect_order", "check", "check_backend", "backend", "advance_clock", "answer"]
    static let settingsSchema = WireSchema.of(AppSettings.self)

    /// "unknown X 'name'; did you mean 'y'? (known: …)" — the message every closed set uses.
    static func unknown(_ what: String, _ name: String, in place: String? = nil, known: [String]) -> String {
        let hint = Spelling.suggestion(for: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
        let placed = place.map { " in \($0)" } ?? ""
        return "unknown \(what) '\(name)'\(placed)\(hint) (known: \(known.joined(separator: ", ")))"
    }
}

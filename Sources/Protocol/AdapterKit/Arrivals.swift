/// Network connections accepted but not the session: they have not said a valid `hello` yet, or wait for the
/// session to be free. Oldest first.
///
/// A connection takes the session only with a valid `hello`, so one that says nothing (a port scanner, a stuck
/// client, a health check) cannot keep the runner out. Each waiting connection holds a thread until its hello
/// deadline, so their number is bounded too: at the bound, the one waiting longest is closed to make room, and a
/// runner that connects is always heard, however many idle connections came before it.
struct Arrivals: Sendable {
    /// Most connections waiting at once.
    let limit: Int
    private var waiting: [LineWriter] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Adds a new connection. Returns the connections that no longer fit, oldest first, already removed: the
    /// caller shuts them down.
    mutating func add(_ writer: LineWriter) -> [LineWriter] {
        waiting.append(writer)
        let over = max(0, waiting.count - limit)
        defer { waiting.removeFirst(over) }
        return Array(waiting.prefix(over))
    }

    /// Whether `writer` is still waiting (it was not closed to make room).
    func contains(_ writer: LineWriter) -> Bool {
        waiting.contains { $0 === writer }
    }

    /// Removes `writer`; false when it was no longer waiting.
    @discardableResult
    mutating func remove(_ writer: LineWriter) -> Bool {
        guard let index = waiting.firstIndex(where: { $0 === writer }) else { return false }
        waiting.remove(at: index)
        return true
    }

    /// Removes every waiting connection and returns them (the server stops).
    mutating func removeAll() -> [LineWriter] {
        defer { waiting.removeAll() }
        return waiting
    }
}

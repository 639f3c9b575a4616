/// "Did you mean" suggestions for misspelt names, for every message that lists known names.
public enum Spelling {
    /// The known name closest to `name`, when it is close enough to be a plausible typo (at most a third of
    /// its letters differ, ignoring case).
    public static func suggestion(for name: String, among known: [String]) -> String? {
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        if best.distance == 0 { return best.name }
        let limit = max(1, min(lowered.count, best.name.count) / 3)
        return best.distance <= limit ? best.name : nil
    }

    /// Levenshtein distance, with a transposition counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

/// Known secret values, found in a text in one pass per distinct secret length, whatever their number.
///
/// A run registers secrets as it goes (each case's tenant brings its own), so a check per secret per line
/// grows with the run: at 400 cases redaction took three quarters of mamconf's time. Here secrets are filed
/// by length and by a polynomial hash of their bytes; a text is scanned with a rolling hash once for each
/// length, and only a hash hit is compared byte by byte. Secrets of one kind share a length, so the lengths
/// stay few. Overlapping and adjacent matches merge into one masked span, so no part of a secret stays
/// visible next to another. Each length also has a bit per top 16 bits of the hashes it holds, so the scan looks a
/// position up in the table only when that bit is set: hashing every position for the table's lookup was most of
/// redaction's time.
struct SecretIndex: Sendable {
    /// Secrets by byte length, then by hash.
    private var byLength: [Int: [UInt64: [[UInt8]]]] = [:]
    /// The lengths in use, with the highest power of the hash base each one needs for rolling, and which
    /// ``filterBit(_:)`` values its secrets' hashes set.
    private var lengths: [(length: Int, topPower: UInt64, filter: [UInt64])] = []
    private(set) var values: Set<String> = []

    /// Secrets shorter than this are the caller's to handle (they are masked only where they stand alone).
    static let minimumLength = 4
    private static let base: UInt64 = 1_099_511_628_211

    mutating func add(_ secret: String) {
        let bytes = Array(secret.utf8)
        guard bytes.count >= Self.minimumLength, values.insert(secret).inserted else { return }
        if byLength[bytes.count] == nil {
            var power: UInt64 = 1
            for _ in 1..<bytes.count { power = power &* Self.base }
            lengths.append((bytes.count, power, [UInt64](repeating: 0, count: Self.filterWords)))
            lengths.sort { $0.length > $1.length }
        }
        let hash = Self.hash(bytes[...])
        byLength[bytes.count, default: [:]][hash, default: []].append(bytes)
        let slot = lengths.firstIndex { $0.length == bytes.count }!
        let bit = Self.filterBit(hash)
        lengths[slot].filter[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// `text` with every occurrence of a secret replaced by `mask`, or nil when none occurs.
    func masking(_ text: String, with mask: String) -> String? {
        guard !values.isEmpty else { return nil }
        let bytes = Array(text.utf8)
        var spans: [(start: Int, end: Int)] = []
        for (length, topPower, filter) in lengths where length <= bytes.count {
            guard let table = byLength[length] else { continue }
            var hash = Self.hash(bytes[0..<length])
            var start = 0
            while true {
                let bit = Self.filterBit(hash)
                if filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0, let candidates = table[hash],
                   candidates.contains(where: { bytes[start..<(start + length)].elementsEqual($0) }) {
                    spans.append((start, start + length))
                }
                let next = start + length
                guard next < bytes.count else { break }
                hash = (hash &- UInt64(bytes[start]) &* topPower) &* Self.base &+ UInt64(bytes[next])
                start += 1
            }
        }
        guard !spans.isEmpty else { return nil }
        spans.sort { $0.start < $1.start }
        var merged: [(start: Int, end: Int)] = []
        for span in spans {
            if let last = merged.last, span.start <= last.end {
                merged[merged.count - 1].end = max(last.end, span.end)
            } else {
                merged.append(span)
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for span in merged {
            out += bytes[position..<span.start]
            out += mask.utf8
            position = span.end
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Words of a length's filter: one bit for each value of ``filterBit(_:)``.
    private static let filterWords = 1 << 10

    /// The top 16 bits of a hash (the bits every byte of the window reaches).
    private static func filterBit(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 48) }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 &* base &+ UInt64($1) }
    }
}

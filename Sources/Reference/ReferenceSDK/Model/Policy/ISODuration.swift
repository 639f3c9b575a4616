import Foundation

/// ISO 8601 durations as Graph writes policy periods (`PT30M`, `P1DT12H`, `PT0S`): days, hours, minutes and
/// seconds; years, months and weeks are not used by these settings and are refused.
enum ISODuration {
    /// The length in seconds, or nil when `text` is not such a duration (or is negative).
    static func seconds(_ text: String) -> TimeInterval? {
        var rest = Substring(text)
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total: TimeInterval = 0
        var inTime = false
        var number = ""
        var sawPart = false
        for character in rest {
            switch character {
            case "T":
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
            case "0"..."9", ".":
                number.append(character)
            case "D", "H", "M", "S":
                guard let value = Double(number) else { return nil }
                switch (character, inTime) {
                case ("D", false): total += value * 86_400
                case ("H", true): total += value * 3_600
                case ("M", true): total += value * 60
                case ("S", true): total += value
                default: return nil
                }
                number = ""
                sawPart = true
            default:
                return nil
            }
        }
        return sawPart && number.isEmpty ? total : nil
    }
}

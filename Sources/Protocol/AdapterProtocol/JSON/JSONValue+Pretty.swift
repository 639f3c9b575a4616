import Foundation

extension JSONValue {
    /// Indented, key-sorted text ending in a newline: the form of every JSON file mamconf writes, so
    /// regenerated files diff cleanly.
    public func prettyText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

import CLibYAML
import ConformanceCore
import Foundation

/// Finds the first YAML anchor or alias in a text from libyaml's event stream, before anything composes
/// the document: aliases are expanded by composing, so a "billion laughs" file must be refused before that.
enum AnchorScan {
    /// The position (1-based line and column) and kind of the first anchor or alias, or nil when there is none
    /// (or the text does not parse: the composer reports that).
    static func firstAnchorOrAlias(in text: String) -> (line: Int, column: Int, alias: Bool)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> (Int, Int, Bool)? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                let mark = (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1)
                switch event.type {
                case YAML_ALIAS_EVENT: return (mark.0, mark.1, true)
                case YAML_SCALAR_EVENT where event.data.scalar.anchor != nil: return (mark.0, mark.1, false)
                case YAML_SEQUENCE_START_EVENT where event.data.sequence_start.anchor != nil: return (mark.0, mark.1, false)
                case YAML_MAPPING_START_EVENT where event.data.mapping_start.anchor != nil: return (mark.0, mark.1, false)
                case YAML_STREAM_END_EVENT: return nil
                default: continue
                }
            }
            return nil
        }
    }
}

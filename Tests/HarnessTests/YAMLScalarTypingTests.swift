import AdapterProtocol
import Foundation
import Testing
import Yams
@testable import SuiteLoader

/// Suites are composed with no resolution rules and a plain scalar is typed only where a value is read: the types it
/// gets are those Yams' own rules give it (YAML 1.1 nulls, booleans and numbers), whatever its first character.
@Suite struct YAMLScalarTypingTests {
    static let plainScalars = [
        "", "~", "null", "Null", "NULL", "nULL", "nil", "none",
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "tRUE", "yesterday", "Nobody", "offline", "t", "f", "y", "n",
        "0", "7", "-3", "+12", "007", "0o17", "0b101", "0x1F", "-0x1f", "1_000", "12:30", "190:20:30",
        "99999999999999999999", "0.5", "-0.25", ".5", "1e3", "1.5e-3", "1_000.5", "+.inf", "-.INF", ".nan", ".NaN",
        "1.2.3", "12abc", "0x", "+", ".", "..", "1e", "1-2", "1:70",
        "alice", "bob@contoso.example", "8e2f4a61-93c7-4b0d-a5e8-1c3f7d9b2a44", "com.contoso.app", "Bearer x",
        "nan", "inf", "Infinity", "0x1p3", "=", "<<", "2026-01-01",
    ]

    /// What Yams' constructors give a plain scalar whose tag its full rules resolved: the reading the harness had when
    /// it composed with those rules.
    private func resolvedByYams(_ text: String) throws -> YAMLDocument.Typed? {
        let root = try #require(try Yams.compose(yaml: "v: \(text)\n", YAMLDocument.resolver))
        let node = try #require(root.mapping?["v"])
        guard case .scalar(let scalar) = node else { return nil }
        switch YAMLDocument.resolver.resolveTag(of: node) {
        case .null: return NSNull.construct(from: scalar) != nil || text.isEmpty ? .null : nil
        case .bool: return node.bool.map(YAMLDocument.Typed.bool)
        case .int: return node.int.map(YAMLDocument.Typed.int) ?? node.float.map(YAMLDocument.Typed.float)
        case .float: return node.float.map(YAMLDocument.Typed.float)
        default: return nil
        }
    }

    @Test("a plain scalar gets the type Yams' rules give it", arguments: plainScalars)
    func plainScalarsTypeAsYamsResolvesThem(_ text: String) throws {
        let document = YAMLDocument(file: "t.yaml", text: "v: \(text)\n")
        let node = try #require(document.root?.mapping?["v"])
        let typed = YAMLDocument.typed(node)
        let expected = try resolvedByYams(text)
        if case .float(let got)? = typed, case .float(let want)? = expected, got.isNaN, want.isNaN { return }
        #expect(typed == expected, "'\(text)'")
    }

    @Test("a quoted scalar is text whatever it spells", arguments: ["'true'", "\"1\"", "'~'", "\"null\"", "'0x1F'"])
    func quotedScalarsAreText(_ text: String) throws {
        let document = YAMLDocument(file: "t.yaml", text: "v: \(text)\n")
        let node = try #require(document.root?.mapping?["v"])
        #expect(YAMLDocument.typed(node) == nil)
        #expect(document.json(node) { text, _ in .string(text) } == .string(String(text.dropFirst().dropLast())))
    }

    @Test("values read as JSON take those types", arguments: [
        ("~", JSONValue.null), ("yes", .bool(true)), ("Off", .bool(false)), ("0x1F", .number(31)), ("12:30", .number(750)),
        ("1e3", .number(1000)), (".5", .number(0.5)), ("alice", .string("alice")), ("nan", .string("nan")),
    ])
    func jsonValuesTakeTheirYAMLTypes(_ text: String, _ expected: JSONValue) throws {
        let document = YAMLDocument(file: "t.yaml", text: "v: \(text)\n")
        let node = try #require(document.root?.mapping?["v"])
        #expect(document.json(node) { text, _ in .string(text) } == expected)
    }

    @Test("keys are text: a key written plain and quoted is one key, repeated")
    func plainAndQuotedKeysAreTheSameKey() {
        let document = YAMLDocument(file: "t.yaml", text: "1: a\n\"1\": b\n")
        #expect(document.root == nil)
        #expect(document.errors.contains { $0.description.contains("t.yaml:") }, "got instead: \(document.errors)")
    }
}

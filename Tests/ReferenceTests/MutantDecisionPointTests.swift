import Foundation
@testable import ReferenceApp
@testable import ReferenceSDK
import Testing

/// Every planted defect, of the SDK and of the app, goes through a named decision point (`SDKRules`, `AppRules`):
/// no mutant is inert, no two mutants are the same, no rule is a constant, and the flows never read the defect list.
@Suite struct MutantDecisionPointTests {
    /// Each leaf rule by its path (`enrollment.loginPassesHint`) with its value spelled out.
    static func leaves(of rules: Any) -> [String: String] {
        var leaves: [String: String] = [:]
        func walk(_ value: Any, path: String) {
            let children = Mirror(reflecting: value).children
            guard !children.isEmpty else {
                leaves[path] = String(describing: value)
                return
            }
            for child in children {
                walk(child.value, path: path.isEmpty ? child.label ?? "?" : "\(path).\(child.label ?? "?")")
            }
        }
        walk(rules, path: "")
        return leaves
    }

    /// The rules that differ between `documented` and `broken`, each with the value it was turned to.
    static func turned(from documented: Any, to broken: Any) -> [String: String] {
        let before = leaves(of: documented)
        return leaves(of: broken).filter { before[$0.key] != $0.value }
    }

    /// An edition in which `defect` changes something: the newest, or 15.4 for the defects of behaviours only
    /// older SDKs have.
    static func edition(for defect: SDKDefect) -> SDKEdition {
        let newest = SDKEdition(version: "21.7.1")!
        return defect.exists(in: newest) ? newest : SDKEdition(version: "15.4")!
    }

    static func turned(by defect: SDKDefect) -> [String: String] {
        let edition = edition(for: defect)
        return turned(from: SDKRules(edition: edition), to: SDKRules(breaking: [defect], edition: edition))
    }

    static func turned(by defect: AppDefect) -> [String: String] {
        turned(from: AppRules(), to: AppRules(breaking: [defect]))
    }

    /// Why a mapping from defects to turned rules is not one decision point per mutant; empty when it is.
    static func problems<Defect: Hashable>(_ turned: [Defect: [String: String]], rules all: Set<String>) -> [String] {
        var problems = turned.filter { $0.value.isEmpty }.map { "\($0.key) changes no rule: the mutant would be inert" }
        var owners: [[String: String]: [String]] = [:]
        for (defect, rules) in turned where !rules.isEmpty { owners[rules, default: []].append("\(defect)") }
        problems += owners.values.filter { $0.count > 1 }.map { "the same mutant: \($0.sorted())" }
        let constants = all.subtracting(turned.values.flatMap(\.keys))
        if !constants.isEmpty { problems.append("rules no defect breaks (constants, not decisions): \(constants.sorted())") }
        return problems.sorted()
    }

    @Test func everySDKDefectTurnsRulesOfItsOwn() {
        let turned = Dictionary(uniqueKeysWithValues: SDKDefect.allCases.map { ($0, Self.turned(by: $0)) })
        let all = Set(Self.leaves(of: SDKRules()).keys)
        #expect(all.count > 80, "the rules were not read: \(all.count) leaves")
        #expect(Self.problems(turned, rules: all) == [])
    }

    @Test func everyAppDefectTurnsRulesOfItsOwn() {
        let turned = Dictionary(uniqueKeysWithValues: AppDefect.allCases.map { ($0, Self.turned(by: $0)) })
        let all = Set(Self.leaves(of: AppRules()).keys)
        #expect(all.count > 30, "the rules were not read: \(all.count) leaves")
        #expect(Self.problems(turned, rules: all) == [])
    }

    /// The check above can fail: an inert defect, two defects of one rule, and a constant rule are each named.
    @Test func theCheckNamesAnInertDefectASharedRuleAndAConstant() {
        let all: Set<String> = ["a", "b", "c"]
        let turned: [String: [String: String]] = ["inert": [:], "one": ["a": "false"], "two": ["a": "false"]]
        #expect(Self.problems(turned, rules: all) == [
            "inert changes no rule: the mutant would be inert",
            "rules no defect breaks (constants, not decisions): [\"b\", \"c\"]",
            "the same mutant: [\"one\", \"two\"]",
        ])
    }

    @Test func theVersionRuleFollowsTheEdition() {
        #expect(SDKRules(edition: SDKEdition(version: "17.5.0")!).enrollment.reportsSingleManagedAccountStatus)
        #expect(!SDKRules(edition: SDKEdition(version: "17.4.9")!).enrollment.reportsSingleManagedAccountStatus)
        #expect(SDKRules(breaking: [.singleManagedAccountStatusBeforeItExisted], edition: SDKEdition(version: "15.4")!)
            .enrollment.reportsSingleManagedAccountStatus)
    }

    /// The flows ask the rules, never the defect list: outside the rules, the defect catalogues and the place that
    /// builds the rules, no source reads a defect set.
    @Test(arguments: [
        ("Sources/Reference/ReferenceSDK", ["SDKDefect.swift", "SDKDefect+Catalog.swift"]),
        ("Sources/Reference/ReferenceApp", ["AppDefect.swift", "ReferenceMutant.swift"]),
    ])
    func onlyTheRulesReadTheDefects(folder: String, catalogues: [String]) throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let directory = root.appendingPathComponent(folder)
        let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Rules/") && !catalogues.contains($0) }
        #expect(files.count > 20)
        let readers = try files.filter { file in
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            return text.contains("efects.contains") || text.contains("broken(.")
        }
        #expect(readers.isEmpty, "flows that read defects directly: \(readers)")
    }
}

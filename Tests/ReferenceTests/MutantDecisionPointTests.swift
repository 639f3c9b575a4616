import Foundation
@testable import ReferenceApp
@testable import ReferenceSDK
import Testing

/// Every planted defect and every conformant variant, of the SDK and of the app, goes through a named decision point
/// (`SDKRules`, `AppRules`): no mutant or variant is inert, no two are the same, a variant turns exactly its decision
/// point to a value no defect gives it, no rule is a constant, and the flows never read the defect or variant lists.
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

    /// An edition on which `variant` exists: the newest, or 15.4 for the readings only older SDKs allow.
    static func edition(for variant: SDKVariant) -> SDKEdition {
        let newest = SDKEdition(version: "21.7.1")!
        return variant.exists(in: newest) ? newest : SDKEdition(version: "15.4")!
    }

    static func turned(by variant: SDKVariant, in edition: SDKEdition? = nil) -> [String: String] {
        let edition = edition ?? Self.edition(for: variant)
        return turned(from: SDKRules(edition: edition), to: SDKRules(reading: [variant], edition: edition))
    }

    static func turned(by variant: AppVariant) -> [String: String] {
        turned(from: AppRules(), to: AppRules(reading: [variant]))
    }

    /// Why a mapping from defects to turned rules is not one decision point per mutant; empty when it is. Rules only
    /// variants turn (`turnedByVariants`) are decisions too.
    static func problems<Defect: Hashable>(_ turned: [Defect: [String: String]], rules all: Set<String>,
                                           turnedByVariants: Set<String> = []) -> [String] {
        var problems = turned.filter { $0.value.isEmpty }.map { "\($0.key) changes no rule: the mutant would be inert" }
        var owners: [[String: String]: [String]] = [:]
        for (defect, rules) in turned where !rules.isEmpty { owners[rules, default: []].append("\(defect)") }
        problems += owners.values.filter { $0.count > 1 }.map { "the same mutant: \($0.sorted())" }
        let constants = all.subtracting(turned.values.flatMap(\.keys)).subtracting(turnedByVariants)
        if !constants.isEmpty { problems.append("rules no defect or variant turns (constants, not decisions): \(constants.sorted())") }
        return problems.sorted()
    }

    /// Why variants are not each one decision point of their own, apart from every mutant; empty when they are. A
    /// variant turns exactly the rule it names (`decisionPoints`), to a value no defect gives that rule (`defects`:
    /// what each defect of the same edition turns), and no two variants turn a rule to the same value.
    static func variantProblems<Variant: Hashable>(_ turned: [Variant: [String: String]], decisionPoints: [Variant: String],
                                                   defects: [[String: String]]) -> [String] {
        var problems: [String] = []
        var owners: [[String: String]: [String]] = [:]
        for (variant, rules) in turned {
            let point = decisionPoints[variant] ?? "?"
            if rules.isEmpty { problems.append("\(variant) changes no rule: the variant would be inert") }
            if !rules.isEmpty, Set(rules.keys) != [point] {
                problems.append("\(variant) turns \(rules.keys.sorted()), not exactly its decision point \(point)")
            }
            for (rule, value) in rules where defects.contains(where: { $0[rule] == value }) {
                problems.append("\(variant) turns \(rule) to \(value), which a defect gives it: the variant is a mutant")
            }
            if !rules.isEmpty { owners[rules, default: []].append("\(variant)") }
        }
        problems += owners.values.filter { $0.count > 1 }.map { "the same variant: \($0.sorted())" }
        return problems.sorted()
    }

    static let editions = [SDKEdition(version: "15.4")!, SDKEdition(version: "21.7.1")!]

    @Test func everySDKDefectTurnsRulesOfItsOwn() {
        let turned = Dictionary(uniqueKeysWithValues: SDKDefect.allCases.map { ($0, Self.turned(by: $0)) })
        let all = Set(Self.leaves(of: SDKRules()).keys)
        #expect(all.count > 80, "the rules were not read: \(all.count) leaves")
        let byVariants = Set(SDKVariant.allCases.flatMap { Self.turned(by: $0).keys })
        #expect(Self.problems(turned, rules: all, turnedByVariants: byVariants) == [])
    }

    @Test func everyAppDefectTurnsRulesOfItsOwn() {
        let turned = Dictionary(uniqueKeysWithValues: AppDefect.allCases.map { ($0, Self.turned(by: $0)) })
        let all = Set(Self.leaves(of: AppRules()).keys)
        #expect(all.count > 30, "the rules were not read: \(all.count) leaves")
        let byVariants = Set(AppVariant.allCases.flatMap { Self.turned(by: $0).keys })
        #expect(Self.problems(turned, rules: all, turnedByVariants: byVariants) == [])
    }

    /// On each edition, every SDK variant that exists there turns its own decision point, and none is a mutant of that
    /// edition.
    @Test(arguments: editions)
    func everySDKVariantTurnsExactlyItsDecisionPointAndIsNoMutant(edition: SDKEdition) {
        let variants = SDKVariant.allCases.filter { $0.exists(in: edition) }
        #expect(variants.count >= 15)
        let turned = Dictionary(uniqueKeysWithValues: variants.map { ($0, Self.turned(by: $0, in: edition)) })
        let defects = SDKDefect.allCases.filter { $0.exists(in: edition) }.map { defect in
            Self.turned(from: SDKRules(edition: edition), to: SDKRules(breaking: [defect], edition: edition))
        }
        let points = Dictionary(uniqueKeysWithValues: variants.map { ($0, $0.decisionPoint) })
        #expect(Self.variantProblems(turned, decisionPoints: points, defects: defects) == [])
    }

    @Test func everyAppVariantTurnsExactlyItsDecisionPointAndIsNoMutant() {
        let turned = Dictionary(uniqueKeysWithValues: AppVariant.allCases.map { ($0, Self.turned(by: $0)) })
        let defects = AppDefect.allCases.map { Self.turned(by: $0) }
        let points = Dictionary(uniqueKeysWithValues: AppVariant.allCases.map { ($0, $0.decisionPoint) })
        #expect(Self.variantProblems(turned, decisionPoints: points, defects: defects) == [])
    }

    /// Variants of different decision points combine: all the readings of one compatible set, taken at once, turn
    /// exactly the rules each turns alone.
    @Test func compatibleVariantsTurnTheirRulesTogether() {
        let newest = SDKEdition(version: "21.7.1")!
        var seen: Set<String> = []
        let set = SDKVariant.allCases.filter { $0.exists(in: newest) && seen.insert($0.decisionPoint).inserted }
        let together = Self.turned(from: SDKRules(edition: newest), to: SDKRules(reading: Set(set), edition: newest))
        let alone = set.reduce(into: [String: String]()) { $0.merge(Self.turned(by: $1, in: newest)) { first, _ in first } }
        #expect(together == alone)
    }

    /// The variant check can fail: an inert variant, one that turns more than its decision point, one that is a mutant
    /// and two that are the same are each named.
    @Test func theVariantCheckNamesAnInertVariantAStrayRuleAMutantAndATwin() {
        let turned: [String: [String: String]] = [
            "inert": [:], "stray": ["a": "x", "b": "y"], "mutant": ["c": "false"], "one": ["d": "1"], "two": ["d": "1"],
        ]
        let points = ["inert": "a", "stray": "a", "mutant": "c", "one": "d", "two": "d"]
        #expect(Self.variantProblems(turned, decisionPoints: points, defects: [["c": "false"]]) == [
            "inert changes no rule: the variant would be inert",
            "mutant turns c to false, which a defect gives it: the variant is a mutant",
            "stray turns [\"a\", \"b\"], not exactly its decision point a",
            "the same variant: [\"one\", \"two\"]",
        ])
    }

    /// The check above can fail: an inert defect, two defects of one rule, and a constant rule are each named.
    @Test func theCheckNamesAnInertDefectASharedRuleAndAConstant() {
        let all: Set<String> = ["a", "b", "c"]
        let turned: [String: [String: String]] = ["inert": [:], "one": ["a": "false"], "two": ["a": "false"]]
        #expect(Self.problems(turned, rules: all) == [
            "inert changes no rule: the mutant would be inert",
            "rules no defect or variant turns (constants, not decisions): [\"b\", \"c\"]",
            "the same mutant: [\"one\", \"two\"]",
        ])
    }

    @Test func theVersionRuleFollowsTheEdition() {
        #expect(SDKRules(edition: SDKEdition(version: "17.5.0")!).enrollment.reportsSingleManagedAccountStatus)
        #expect(!SDKRules(edition: SDKEdition(version: "17.4.9")!).enrollment.reportsSingleManagedAccountStatus)
        #expect(SDKRules(breaking: [.singleManagedAccountStatusBeforeItExisted], edition: SDKEdition(version: "15.4")!)
            .enrollment.reportsSingleManagedAccountStatus)
    }

    /// A variant no case can fail must still do something: the rule it turns is asked by some flow, outside the rules
    /// (a rule nobody reads would make the variant inert, and no matrix would notice).
    @Test func everyVariantsRuleIsAskedByAFlow() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        var flows = ""
        for folder in ["Sources/Reference/ReferenceSDK", "Sources/Reference/ReferenceApp"] {
            let directory = root.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Rules/") }
            for file in files { flows += try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) }
        }
        let points = SDKVariant.allCases.map(\.decisionPoint) + AppVariant.allCases.map(\.decisionPoint)
        let unread = points.filter { point in !flows.contains(".\(point.split(separator: ".").last ?? "")") }
        #expect(unread.isEmpty, "rules no flow asks: \(unread)")
    }

    /// The flows ask the rules, never the defect or variant lists: outside the rules, the catalogues and the place
    /// that builds the rules, no source reads a defect or variant set.
    @Test(arguments: [
        ("Sources/Reference/ReferenceSDK", ["Mutation/SDKDefect.swift", "Mutation/SDKDefect+Catalog.swift", "Mutation/SDKVariant.swift", "Mutation/SDKVariant+Catalog.swift"]),
        ("Sources/Reference/ReferenceApp", ["AppDefect.swift", "ReferenceMutant.swift", "AppVariant.swift", "ReferenceVariant.swift"]),
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
                || text.contains("ariants.contains") || text.contains("read(.")
        }
        #expect(readers.isEmpty, "flows that read defects directly: \(readers)")
    }
}

import Foundation
@testable import ReferenceSDK
import Testing

/// Every planted defect goes through a named decision point (`SDKRules`): the mapping from defects to rules is
/// one-to-one enough that no mutant is inert, no two mutants are the same, and no rule is a constant.
@Suite struct SDKRulesTests {
    /// An edition in which `defect` changes something: the newest, or 15.4 for the defects of behaviours only
    /// older SDKs have.
    static func edition(for defect: SDKDefect) -> SDKEdition {
        defect.exists(in: SDKEdition(version: "21.7.1")!) ? SDKEdition(version: "21.7.1")! : SDKEdition(version: "15.4")!
    }

    /// Each leaf rule by its path (`enrollment.loginPassesHint`) with its value spelled out.
    static func leaves(of rules: SDKRules) -> [String: String] {
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

    /// The rules `defect` turns away from the documented ones of its edition, each with the value it turns it to.
    static func turned(by defect: SDKDefect) -> [String: String] {
        let edition = edition(for: defect)
        let documented = leaves(of: SDKRules(edition: edition))
        return leaves(of: SDKRules(breaking: [defect], edition: edition)).filter { documented[$0.key] != $0.value }
    }

    @Test(arguments: SDKDefect.allCases)
    func everyDefectTurnsAtLeastOneRule(defect: SDKDefect) {
        #expect(!Self.turned(by: defect).isEmpty, "\(defect) changes no rule: the mutant would be inert")
    }

    @Test func noTwoDefectsTurnTheSameRules() {
        var owners: [[String: String]: [SDKDefect]] = [:]
        for defect in SDKDefect.allCases { owners[Self.turned(by: defect), default: []].append(defect) }
        let shared = owners.values.filter { $0.count > 1 }
        #expect(shared.isEmpty, "defects that are the same mutant: \(shared)")
    }

    @Test func everyRuleIsTurnedBySomeDefect() {
        let all = Set(Self.leaves(of: SDKRules()).keys)
        let turned = SDKDefect.allCases.reduce(into: Set<String>()) { $0.formUnion(Self.turned(by: $1).keys) }
        #expect(all.subtracting(turned).isEmpty, "rules no defect can break (constants, not decisions): \(all.subtracting(turned).sorted())")
        #expect(all.count > 50, "the rules were not read: \(all.count) leaves")
    }

    @Test func theVersionRuleFollowsTheEdition() {
        #expect(SDKRules(edition: SDKEdition(version: "17.5.0")!).enrollment.reportsSingleManagedAccountStatus)
        #expect(!SDKRules(edition: SDKEdition(version: "17.4.9")!).enrollment.reportsSingleManagedAccountStatus)
        #expect(SDKRules(breaking: [.singleManagedAccountStatusBeforeItExisted], edition: SDKEdition(version: "15.4")!)
            .enrollment.reportsSingleManagedAccountStatus)
    }

    /// The flows ask the rules, never the defect list: only the rules and the defect catalogue name defects.
    @Test func onlyTheRulesReadTheDefectList() throws {
        var folder = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { folder.deleteLastPathComponent() }
        folder.appendPathComponent("Sources/Reference/ReferenceSDK")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Rules/") && !$0.hasPrefix("SDKDefect") }
        #expect(files.count > 50)
        let readers = try files.filter { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return text.contains("defects.contains") || text.contains("broken(.")
        }
        #expect(readers.isEmpty, "flows that read defects directly: \(readers)")
    }
}

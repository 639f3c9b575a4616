import Foundation
import Testing

/// The binding a vendor copies (`Sources/Reference/IntuneBinding`) names real Intune App SDK symbols. Its symbol
/// list (`docs/intune-binding-symbols.md`) is generated from the SDK's headers (`BindingCheckTests` keeps it so);
/// here the binding's code is checked against it: it uses no SDK symbol the list lacks (so the reference SDK's
/// look-alike API the shared code calls has only real names) and keeps none the list names in vain.
@Suite struct IntuneBindingSymbolTests {
    // MARK: The list

    /// One row of a symbol table: the spellings of its first column.
    struct Row {
        var spellings: [String]
        var text: String
    }

    static let listPath = "\(Repository.root)/docs/intune-binding-symbols.md"
    static let bindingPath = "\(Repository.root)/Sources/Reference/IntuneBinding"

    /// The rows of the table under `## heading`.
    static func table(_ heading: String) throws -> [Row] {
        let page = try String(contentsOfFile: listPath, encoding: .utf8)
        var rows: [Row] = []
        var inSection = false
        let code = try Regex("`([^`]+)`")
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## \(heading)" }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            rows.append(Row(spellings: cells[1].matches(of: code).compactMap { $0.output[1].substring.map(String.init) },
                            text: String(line)))
        }
        return rows
    }

    /// The identifiers a spelling names: the type and member words, without argument labels.
    /// `IntuneMAMPolicy.isSaveToAllowed(for:withAccountId:)` → IntuneMAMPolicy, isSaveToAllowed.
    static func identifiers(_ spellings: [String]) -> Set<String> {
        var names: Set<String> = []
        for spelling in spellings {
            let bare = spelling.split(separator: "(").first.map(String.init) ?? spelling
            for part in bare.split(separator: ".") where part.first?.isLetter == true {
                names.insert(String(part))
            }
        }
        return names
    }

    static func listed(_ heading: String) throws -> Set<String> {
        try table(heading).reduce(into: Set<String>()) { $0.formUnion(identifiers($1.spellings)) }
    }

    // MARK: The binding's sources

    /// Which build sees a line: both, only the real SDK's (`#if canImport(IntuneMAMSwift)`), or only the
    /// reference's (its `#else`).
    enum Branch { case both, real, reference }

    struct SourceLine {
        var file: String
        var number: Int
        /// The line without its comment.
        var code: String
        var branch: Branch
        var location: String { "\(file):\(number)" }
    }

    /// Every code line of the binding, comments removed, with the build that compiles it.
    static func bindingLines() throws -> [SourceLine] {
        let files = try FileManager.default.contentsOfDirectory(atPath: bindingPath).filter { $0.hasSuffix(".swift") }.sorted()
        var lines: [SourceLine] = []
        for file in files {
            let text = try String(contentsOfFile: "\(bindingPath)/\(file)", encoding: .utf8)
            var stack: [(realSDKCondition: Bool, branch: Branch)] = []
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = raw.trimmingCharacters(in: .whitespaces)
                let inherited = stack.last?.branch ?? .both
                if trimmed.hasPrefix("#if") {
                    let real = trimmed.hasPrefix("#if canImport(IntuneMAMSwift)")
                    stack.append((real, real ? .real : inherited))
                    continue
                }
                if trimmed.hasPrefix("#else"), let top = stack.last {
                    stack[stack.count - 1].branch = top.realSDKCondition ? .reference : top.branch
                    continue
                }
                if trimmed.hasPrefix("#endif") {
                    _ = stack.popLast()
                    continue
                }
                let code = raw.range(of: "//").map { String(raw[..<$0.lowerBound]) } ?? String(raw)
                lines.append(SourceLine(file: file, number: index + 1, code: code, branch: inherited))
            }
        }
        return lines
    }

    /// The words of a line of code.
    static func words(_ code: String) -> [String] {
        code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            .map(String.init)
            .filter { $0.first?.isLetter == true || $0.first == "_" }
    }

    /// The names of the reference SDK's public members (functions, properties, constants).
    /// Protocol requirements carry no `public` of their own: those of the public protocols (the look-alikes of the
    /// SDK's `IntuneMAMPolicy`, `IntuneMAMAppConfig` and delegates) are members too.
    static func referenceSDKMembers() throws -> Set<String> {
        let folder = "\(Repository.root)/Sources/Reference/ReferenceSDK"
        let declaration = try Regex(#"public\s+(?:static\s+)?(?:func|var|let)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        let requirement = try Regex(#"(?m)^\s+(?:@\w+\s+)*(?:static\s+)?(?:func|var)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        var members: Set<String> = []
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { members.insert(String(name)) }
            }
            for protocolBody in text.components(separatedBy: "\npublic protocol ").dropFirst() {
                let body = protocolBody.components(separatedBy: "\n}").first ?? ""
                for match in body.matches(of: requirement) {
                    if let name = match.output[1].substring { members.insert(String(name)) }
                }
            }
        }
        return members
    }

    /// Words the binding uses for its own members or the protocol's that a reference SDK member happens to share;
    /// none of them is an SDK call in the binding.
    static let notSDKUsage: Set<String> = [
        // The seam (`SDKManagers`), named as the reference runtime names its managers; the real SDK's are reached
        // through `instance()`.
        "enrollmentManager", "policyManager", "appConfigManager", "complianceManager",
        // The binding's own API: the host's idleness, its configuration, and the app's token and data protection.
        "waitUntilIdle", "configuration", "accessToken", "protect",
        // Protocol message members and local names.
        "name", "code", "now", "clock", "owner", "reason", "summary", "settings", "cancel", "error", "upn", "accountIds", "upns", "opened", "parts",
        // `app.setAuthOverrides` params (ENR-15): names of a registration and an authority, resolved by the app.
        "clientId", "authority",
        // `SDKSpelling.PolicyDetails` and the protocol's `PolicySummary`, named after the reference policy's extras
        // (which only the reference branch reads, as the reference-only table says).
        "minimumPinLength", "maximumPinRetries", "policyVersion", "fileProtectionLevel",
    ]

    @Test func theGeneratedListIsRead() throws {
        let rows = try Self.table("Real SDK symbols")
        #expect(rows.count > 50, "the list must be read (read \(rows.count) rows)")
        #expect(rows.contains { $0.spellings.contains("IntuneMAMEnrollmentManager.registerAndEnrollAccountId") })
    }

    // MARK: (b) The binding's sources against the list

    @Test func everyIntuneMAMIdentifierTheBindingSpellsIsListed() throws {
        let real = try Self.listed("Real SDK symbols")
        let reference = try Self.listed("Reference-only spellings")
        var seen = 0
        for line in try Self.bindingLines() {
            for word in Self.words(line.code) where word.hasPrefix("IntuneMAM") {
                seen += 1
                let allowed = line.branch == .reference ? real.union(reference) : real
                let hint = line.branch == .reference ? "" : " (outside the reference branch only real SDK symbols may be used)"
                if !allowed.contains(word) {
                    Issue.record("\(line.location): \(word) is not in docs/intune-binding-symbols.md\(hint)")
                }
            }
        }
        #expect(seen > 50, "the scan must see the binding's SDK identifiers (saw \(seen))")
    }

    @Test func everyReferenceSDKMemberTheBindingUsesIsListed() throws {
        let real = try Self.listed("Real SDK symbols")
        let reference = try Self.listed("Reference-only spellings")
        let members = try Self.referenceSDKMembers().subtracting(Self.notSDKUsage)
        var seen = 0
        for line in try Self.bindingLines() {
            for word in Self.words(line.code) where members.contains(word) {
                seen += 1
                let allowed = line.branch == .reference ? real.union(reference) : real
                if !allowed.contains(word) {
                    Issue.record("\(line.location): the SDK member \(word) is not in docs/intune-binding-symbols.md")
                }
            }
        }
        #expect(seen > 50, "the scan must see the binding's SDK calls (saw \(seen))")
    }

    @Test func everyListedSymbolIsStillUsedWhereItsBuildSeesIt() throws {
        let lines = try Self.bindingLines()
        let realWords = Set(lines.filter { $0.branch != .reference }.flatMap { Self.words($0.code) })
        let referenceWords = Set(lines.filter { $0.branch == .reference }.flatMap { Self.words($0.code) })
        for name in try Self.listed("Real SDK symbols") where !realWords.contains(name) {
            Issue.record("\(name) is listed as a real SDK symbol but the binding's real-SDK code never uses it")
        }
        for name in try Self.listed("Reference-only spellings") where !referenceWords.contains(name) {
            Issue.record("\(name) is listed as a reference-only spelling but the reference branch never uses it")
        }
    }

    @Test func theBranchScanTellsTheRealSDKsLinesFromTheReferences() throws {
        let lines = try Self.bindingLines().filter { $0.file == "SDKSpelling.swift" }
        let real = Set(lines.filter { $0.branch == .real }.flatMap { Self.words($0.code) })
        let reference = Set(lines.filter { $0.branch == .reference }.flatMap { Self.words($0.code) })
        #expect(real.contains("instance") && !reference.contains("instance"))
        #expect(reference.contains("IntuneMAMNotification") && !real.contains("IntuneMAMNotification"))
        // The spelling file is the only one with branches beyond the import.
        let branchedElsewhere = try Self.bindingLines().filter {
            $0.file != "SDKSpelling.swift" && $0.branch != .both && !$0.code.contains("import ")
        }
        #expect(branchedElsewhere.isEmpty, "code outside SDKSpelling.swift differs between the builds: \(branchedElsewhere.map(\.location))")
    }

    // MARK: What the binding depends on

    @Test func theBindingImportsTheRealSDKWhereItExistsAndNeverTheReferenceApp() throws {
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.bindingPath) where file.hasSuffix(".swift") {
            let lines = try Self.bindingLines().filter { $0.file == file }
            let imports = lines.filter { $0.code.hasPrefix("import ") || $0.code.hasPrefix("@preconcurrency import ") }
            #expect(!imports.contains { $0.code.contains("ReferenceApp") }, "\(file) imports ReferenceApp")
            let referenceSDK = imports.filter { $0.code.hasSuffix("import ReferenceSDK") }
            #expect(referenceSDK.allSatisfy { $0.branch == .reference }, "\(file) imports ReferenceSDK outside #else of canImport(IntuneMAMSwift)")
            if !referenceSDK.isEmpty {
                #expect(imports.contains { $0.branch == .real && $0.code.hasSuffix("import IntuneMAMSwift") },
                        "\(file) imports ReferenceSDK without importing IntuneMAMSwift where it exists")
            }
        }
    }

    /// Locking is AdapterKit's own lock box (AdapterKit depends on it too), so a vendor's binding has it anyway.
    @Test func theBindingTargetDependsOnlyOnTheProtocolAdapterKitAndTheSDK() throws {
        let manifest = try String(contentsOfFile: "\(Repository.root)/Package.swift", encoding: .utf8)
        let target = try Regex(#"\.target\(name: "IntuneBinding", dependencies: \[([^\]]*)\]"#)
        let match = try #require(manifest.firstMatch(of: target), "Package.swift declares no IntuneBinding target")
        let dependencies = (match.output[1].substring.map(String.init) ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }
        #expect(Set(dependencies) == ["AdapterProtocol", "AdapterKit", "Locking", "ReferenceSDK"])
    }
}

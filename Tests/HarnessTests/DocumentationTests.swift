import AdapterProtocol
import Foundation
import MamconfCLI
import SuiteLoader
import Testing
import Yams

/// The contract and the suite format are documented in full: every vocabulary entry appears on its page,
/// and the generated parts are current.
@Suite struct DocumentationTests {
    static func page(_ name: String) throws -> String {
        try String(contentsOfFile: "\(Repository.root)/docs/\(name)", encoding: .utf8)
    }

    @Test func theSuiteFormatPageListsEveryVocabularyEntry() throws {
        let page = try Self.page("suite-format.md")
        #expect(try SchemaFiles.syncVocabulary(page: "\(Repository.root)/docs/suite-format.md", write: false) == false,
                "the vocabulary block of docs/suite-format.md is stale (run: mamconf schemas)")
        var names = RunnerMethod.allCases.filter { $0.role != .control }.map(\.rawValue) + Question.allCases.map(\.rawValue)
        names += EventSelectorKind.allCases.map(\.rawValue) + StatusOutcome.allCases.map(\.rawValue) + UIKind.allCases.map(\.rawValue)
        names += AppEventKind.allCases.map(\.rawValue) + NotificationName.allCases.map(\.rawValue) + SDKAPI.allCases.map(\.rawValue)
        names += ServiceRoute.allCases.map(\.rawValue) + Capability.allCases.map(\.rawValue)
        names += ["do", "check", "expect", "expect_no", "answer", "advance_clock", "check_backend", "backend", "within", "count", "times"]
        names += ["wipe", "fault", "clear_faults", "app_config", "default_app_config", "device_config", "device_user", "policy", "registration", "journal"]
        names += WireSchema.of(AppSettings.self).properties.map(\.name)
        let missing = names.filter { !page.contains("`\($0)`") && !page.contains("`\($0):") && !page.contains("{\($0):") }
        #expect(missing.isEmpty, "docs/suite-format.md does not mention: \(missing)")
    }

    @Test func theProtocolPageNamesEveryMessageStatusCapabilityAndErrorCode() throws {
        let page = try Self.page("adapter-protocol.md")
        var names = RunnerMethod.allCases.map(\.rawValue) + EventMethod.allCases.map(\.rawValue) + Question.allCases.map(\.rawValue)
        names += StatusOutcome.allCases.map(\.rawValue) + Capability.allCases.map(\.rawValue) + ErrorCode.allCases.map { String($0.rawValue) }
        names += UIKind.allCases.map(\.rawValue) + AppEventKind.allCases.map(\.rawValue) + NotificationName.allCases.map(\.rawValue)
        names += SaveLocation.allCases.map(\.rawValue) + OpenLocation.allCases.map(\.rawValue)
        let missing = names.filter { !page.contains("`\($0)`") }
        #expect(missing.isEmpty, "docs/adapter-protocol.md does not mention: \(missing)")
        for status in StatusOutcome.allCases {
            for code in status.iosCodes where !page.contains(String(code)) {
                Issue.record("the status table lacks iOS code \(code) of \(status.rawValue)")
            }
        }
    }

    @Test func theProtocolPageListsProtocol0sMethodsAsTheVocabularyRecordsThem() throws {
        let versioning = Self.section("Versioning", of: try Self.page("adapter-protocol.md"))
        let list = try #require(versioning.components(separatedBy: "Protocol 0 had these runner methods:").dropFirst().first?
            .components(separatedBy: ";").first, "the Versioning section lists protocol 0's methods")
        let named = Set(list.matches(of: try Regex("`([^`]+)`")).compactMap { $0.output[1].substring.map(String.init) })
        #expect(named == Set(RunnerMethod.allCases.filter { $0.since == .v0 }.map(\.rawValue)))
    }

    /// The fenced code blocks of a page in one language, in order.
    static func fencedBlocks(in page: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The text of a `## ` section, up to the next one.
    static func section(_ title: String, of page: String) -> String {
        guard let start = page.range(of: "\n## \(title)\n") else { return "" }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// Every YAML document of a block; a block that does not parse is recorded as an issue.
    static func documents(_ block: String, _ what: String) -> [Node] {
        do {
            let parser = try Parser(yaml: block)
            var roots: [Node] = []
            while let root = try parser.nextRoot() { roots.append(root) }
            return roots
        } catch {
            Issue.record("\(what) does not parse as YAML: \(error)\n\(block)")
            return []
        }
    }

    static func runsMamconf(_ script: String?) -> Bool {
        guard let script else { return false }
        return script.contains("mamconf run") || script.contains("mamconf\" run")
    }

    @Test func everyYAMLSnippetOnTheCIPageParses() throws {
        let blocks = Self.fencedBlocks(in: try Self.page("ci.md"), language: "yaml")
        #expect(blocks.count >= 7)
        for (index, block) in blocks.enumerated() {
            let roots = Self.documents(block, "yaml block \(index + 1) of docs/ci.md")
            #expect(!roots.isEmpty, "yaml block \(index + 1) holds no document")
            for root in roots {
                #expect((root.mapping?.count ?? 0) > 0, "yaml block \(index + 1) is not a non-empty mapping")
            }
        }
    }

    @Test func everyCIOnTheCIPagePublishesTheJUnitReportAlsoWhenTheRunFails() throws {
        let page = try Self.page("ci.md")

        // GitHub Actions: after a step that runs mamconf, a step with `if: always()` keeps the report
        // (or the step itself continues on error).
        let github = Self.fencedBlocks(in: Self.section("GitHub Actions", of: page), language: "yaml")
        #expect(github.count >= 2)
        var githubRuns = 0
        for block in github {
            for root in Self.documents(block, "a GitHub workflow") {
                for (_, job) in root["jobs"]?.mapping ?? [:] {
                    let steps = Array(job["steps"]?.sequence ?? [])
                    for (index, step) in steps.enumerated() where Self.runsMamconf(step["run"]?.string) {
                        githubRuns += 1
                        let continues = step["continue-on-error"]?.bool == true
                        let keptAfter = steps[(index + 1)...].contains { $0["if"]?.string == "always()" }
                        #expect(continues || keptAfter, "GitHub step '\(step["run"]?.string ?? "")' has no `if: always()` step after it")
                    }
                }
            }
        }
        #expect(githubRuns >= 3)

        // GitLab: a job that runs mamconf uploads its JUnit report `when: always`.
        var gitlabRuns = 0
        for block in Self.fencedBlocks(in: Self.section("GitLab CI", of: page), language: "yaml") {
            for root in Self.documents(block, "a GitLab pipeline") {
                for (name, job) in root.mapping ?? [:] {
                    let script = (job["script"]?.sequence ?? []).compactMap(\.string)
                    guard script.contains(where: { Self.runsMamconf($0) }) else { continue }
                    gitlabRuns += 1
                    #expect(job["artifacts"]?["when"]?.string == "always", "GitLab job \(name.string ?? "")")
                    #expect(job["artifacts"]?["reports"]?["junit"] != nil, "GitLab job \(name.string ?? "")")
                }
            }
        }
        #expect(gitlabRuns >= 2)

        // Azure Pipelines: PublishTestResults@2 with `condition: succeededOrFailed()` after the run.
        let azure = Self.fencedBlocks(in: Self.section("Azure Pipelines", of: page), language: "yaml")
        #expect(azure.count == 1)
        for block in azure {
            for root in Self.documents(block, "an Azure pipeline") {
                let steps = Array(root["steps"]?.sequence ?? [])
                let run = try #require(steps.firstIndex { Self.runsMamconf($0["script"]?.string) })
                let publish = try #require(steps.firstIndex { $0["task"]?.string == "PublishTestResults@2" })
                #expect(publish > run)
                #expect(steps[publish]["condition"]?.string == "succeededOrFailed()")
                #expect(steps[publish]["inputs"]?["testResultsFormat"]?.string == "JUnit")
            }
        }

        // Jenkins: a declarative pipeline whose `post { always { … } }` holds the junit step.
        let jenkins = Self.fencedBlocks(in: Self.section("Jenkins", of: page), language: "groovy")
        #expect(jenkins.count == 1)
        for pipeline in jenkins {
            #expect(pipeline.hasPrefix("pipeline {"))
            #expect(pipeline.filter { $0 == "{" }.count == pipeline.filter { $0 == "}" }.count, "unbalanced braces")
            #expect(pipeline.filter { $0 == "(" }.count == pipeline.filter { $0 == ")" }.count, "unbalanced parentheses")
            let post = try #require(pipeline.range(of: "post {"))
            let always = try #require(pipeline.range(of: "always {", range: post.upperBound..<pipeline.endIndex))
            #expect(pipeline[always.upperBound...].contains("junit testResults: 'reports/junit.xml'"))
            #expect(Self.runsMamconf(pipeline))
        }
    }

    /// The first major version of each action the CI page uses that runs on a current runtime (node24): older
    /// majors run on a runtime GitHub retires.
    static let currentActionMajors = [
        "actions/checkout": 5, "actions/upload-artifact": 6, "actions/download-artifact": 7, "mikepenz/action-junit-report": 6,
        "dawidd6/action-download-artifact": 17, "marocchino/sticky-pull-request-comment": 3,
    ]

    /// What a job's token needs for each action it uses (a `permissions` block grants only what it lists).
    static let actionPermissions = [
        "actions/checkout": ("contents", ["read", "write"]), "mikepenz/action-junit-report": ("checks", ["write"]),
        "marocchino/sticky-pull-request-comment": ("pull-requests", ["write"]), "dawidd6/action-download-artifact": ("actions", ["read", "write"]),
    ]

    @Test func everyGitHubJobOnTheCIPageGrantsWhatItsActionsNeedUsesCurrentMajorsAndPostsTheComparisonOnARegression() throws {
        let page = try Self.page("ci.md")
        var compared = 0
        for block in Self.fencedBlocks(in: Self.section("GitHub Actions", of: page), language: "yaml") {
            for root in Self.documents(block, "a GitHub workflow") {
                for (name, job) in root["jobs"]?.mapping ?? [:] {
                    let jobName = name.string ?? "?"
                    let granted = (job["permissions"] ?? root["permissions"])?.mapping
                    let steps = Array(job["steps"]?.sequence ?? [])
                    for step in steps {
                        guard let uses = step["uses"]?.string else { continue }
                        let parts = uses.split(separator: "@", maxSplits: 1).map(String.init)
                        let action = parts[0]
                        let major = Int((parts.count > 1 ? parts[1] : "").drop { $0 == "v" }.prefix { $0.isNumber }) ?? 0
                        if let current = Self.currentActionMajors[action] {
                            #expect(major >= current, "job \(jobName): \(uses) runs on a retired runtime; use v\(current) or later")
                        } else {
                            Issue.record("job \(jobName) uses \(action), which the table of current majors does not know")
                        }
                        guard let (scope, levels) = Self.actionPermissions[action] else { continue }
                        if action == "mikepenz/action-junit-report" {
                            #expect(granted != nil, "job \(jobName): \(action) needs `checks: write`, which a default read-only token lacks")
                        }
                        if let granted {
                            let level = granted[Node(scope)]?.string ?? "none"
                            #expect(levels.contains(level), "job \(jobName): \(action) needs `\(scope): \(levels[0])` but the job's permissions give \(level)")
                        }
                    }
                    // A regression makes `mamconf compare` exit 1: that must fail the job, and still post the table.
                    for (index, step) in steps.enumerated() where step["run"]?.string?.contains("mamconf compare") == true {
                        compared += 1
                        #expect(step["continue-on-error"]?.bool != true, "job \(jobName): a regression must fail the job")
                        for later in steps[(index + 1)...] {
                            let condition = later["if"]?.string ?? ""
                            #expect(condition.contains("always()") || condition.contains("!cancelled()"),
                                    "job \(jobName): step '\(later["name"]?.string ?? later["uses"]?.string ?? "?")' is skipped when compare finds a regression")
                        }
                    }
                }
            }
        }
        #expect(compared >= 1, "the CI page has an SDK upgrade job that compares reports")
    }

    @Test func theCIPageDocumentsMamconfsExitCodes() throws {
        let page = try Self.page("ci.md")
        for row in ["| `0` |", "| `1` |", "| `2` |", "| `130` / `143` |"] {
            #expect(page.contains(row), "docs/ci.md's exit code table lacks \(row)")
        }
        let discussion = Mamconf.configuration.discussion
        #expect(discussion.contains("0 all cases passed") && discussion.contains("1 a case failed") && discussion.contains("2 nothing could be")
                && discussion.contains("130/143 interrupted"), "mamconf's own exit codes changed: update docs/ci.md")
    }
}

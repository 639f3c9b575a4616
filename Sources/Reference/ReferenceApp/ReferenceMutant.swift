import ReferenceSDK

/// One switchable defect of the reference integration: in the simulated SDK or in the app.
///
/// The harness proves it can fail by running a suite with exactly one mutant on and checking that the
/// requirement it breaks is reported. Names are kebab-case, stable, and what `--mutant` takes.
public struct ReferenceMutant: Sendable, Hashable, CustomStringConvertible {
    /// Where the defect lives.
    public enum Defect: Sendable, Hashable {
        case sdk(SDKDefect)
        case app(AppDefect)
    }

    /// The command-line name, e.g. `no-restart-request`.
    public let name: String
    public let defect: Defect
    /// The requirement IDs the defect violates.
    public let requirementIDs: [String]
    /// What the defect breaks, in one line.
    public let summary: String

    /// Every mutant: the SDK's defects first, then the app's.
    public static let all: [ReferenceMutant] =
        SDKDefect.allCases.map { defect in
            ReferenceMutant(name: kebabCase(defect.rawValue), defect: .sdk(defect),
                            requirementIDs: defect.requirementIDs, summary: defect.summary)
        } + AppDefect.allCases.map { defect in
            ReferenceMutant(name: kebabCase(defect.rawValue), defect: .app(defect),
                            requirementIDs: defect.requirementIDs, summary: defect.summary)
        }

    /// The mutants that change something on an SDK of this edition (what `--list-mutants` prints).
    public static func available(in edition: SDKEdition) -> [ReferenceMutant] {
        all.filter { $0.exists(in: edition) }
    }

    /// Whether the mutant changes anything on an SDK of this edition.
    public func exists(in edition: SDKEdition) -> Bool {
        if case .sdk(let defect) = defect { return defect.exists(in: edition) }
        return true
    }

    /// The mutant called `name`, or nil.
    public static func named(_ name: String) -> ReferenceMutant? {
        all.first { $0.name == name }
    }

    /// The `--list-mutants` line: name, requirement IDs (comma-separated), summary, tab-separated.
    public var listingLine: String {
        "\(name)\t\(requirementIDs.joined(separator: ","))\t\(summary)"
    }

    public var description: String { name }

    /// The SDK defects this mutant switches on (empty for an app defect).
    public var sdkDefects: Set<SDKDefect> {
        if case .sdk(let defect) = defect { return [defect] }
        return []
    }

    /// The app defects this mutant switches on (empty for an SDK defect).
    public var appDefects: Set<AppDefect> {
        if case .app(let defect) = defect { return [defect] }
        return []
    }

    /// `noRestartRequest` → `no-restart-request`.
    static func kebabCase(_ camel: String) -> String {
        var out = ""
        for character in camel {
            if character.isUppercase {
                if !out.isEmpty { out.append("-") }
                out.append(contentsOf: character.lowercased())
            } else {
                out.append(character)
            }
        }
        return out
    }
}

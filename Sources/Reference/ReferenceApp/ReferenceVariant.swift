import ReferenceSDK

/// One switchable conformant variant of the reference integration: another reading of the guides, in the simulated
/// SDK or in the app; the counterpart of ``ReferenceMutant``.
///
/// The harness proves the suites accept what the guides allow by running them with variants on and checking that
/// nothing fails. Names are kebab-case, stable, and what `--variant` takes; several may be on at once, one per
/// decision point.
public struct ReferenceVariant: Sendable, Hashable, CustomStringConvertible {
    /// Where the reading lives.
    public enum Reading: Sendable, Hashable {
        case sdk(SDKVariant)
        case app(AppVariant)
    }

    /// The command-line name, e.g. `error-string-on-success`.
    public let name: String
    public let reading: Reading
    /// The requirement IDs whose cases see the variant's behaviour.
    public let requirementIDs: [String]
    /// The line that allows it (`000:672`, `spec/intune-sdk-api.md:153`, `adapter-protocol.md:117`).
    public let source: String
    /// The rule it turns, prefixed by its side (`sdk.unenroll.acknowledgementRetryInterval`,
    /// `app.accounts.signOut`): variants of one decision point exclude each other.
    public let decisionPoint: String
    /// What the variant does, in one line.
    public let summary: String

    /// Every variant: the SDK's readings first, then the app's.
    public static let all: [ReferenceVariant] =
        SDKVariant.allCases.map { variant in
            ReferenceVariant(name: ReferenceMutant.kebabCase(variant.rawValue), reading: .sdk(variant),
                             requirementIDs: variant.requirementIDs, source: variant.source,
                             decisionPoint: "sdk.\(variant.decisionPoint)", summary: variant.summary)
        } + AppVariant.allCases.map { variant in
            ReferenceVariant(name: ReferenceMutant.kebabCase(variant.rawValue), reading: .app(variant),
                             requirementIDs: variant.requirementIDs, source: variant.source,
                             decisionPoint: "app.\(variant.decisionPoint)", summary: variant.summary)
        }

    /// The variants that exist on an SDK of this edition (what `--list-variants` prints).
    public static func available(in edition: SDKEdition) -> [ReferenceVariant] {
        all.filter { $0.exists(in: edition) }
    }

    /// Whether the reading exists on an SDK of this edition.
    public func exists(in edition: SDKEdition) -> Bool {
        if case .sdk(let variant) = reading { return variant.exists(in: edition) }
        return true
    }

    /// The variant called `name`, or nil.
    public static func named(_ name: String) -> ReferenceVariant? {
        all.first { $0.name == name }
    }

    /// The `--list-variants` line: name, requirement IDs (comma-separated), source, decision point, summary,
    /// tab-separated.
    public var listingLine: String {
        "\(name)\t\(requirementIDs.joined(separator: ","))\t\(source)\t\(decisionPoint)\t\(summary)"
    }

    public var description: String { name }

    /// The SDK readings these variants take.
    public static func sdkVariants(of variants: [ReferenceVariant]) -> Set<SDKVariant> {
        Set(variants.compactMap { if case .sdk(let variant) = $0.reading { variant } else { nil } })
    }

    /// The app readings these variants take.
    public static func appVariants(of variants: [ReferenceVariant]) -> Set<AppVariant> {
        Set(variants.compactMap { if case .app(let variant) = $0.reading { variant } else { nil } })
    }
}

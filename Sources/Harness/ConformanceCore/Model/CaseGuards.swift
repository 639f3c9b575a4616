/// The run-wide guards a case applies on top of its own steps (`guards:` in the suite format).
///
/// What goes wrong in shipped apps is often what no case thought to forbid: data wiped with no wipe command
/// (FM-25: iOS#624, And#305) and prompts that never end (FM-09: iOS#312, #669, #206). A case states what it
/// expects, so these rules live in the runner and hold for every case unless it opts out: a case that tests a
/// wipe or a prompt loop on purpose says so where it is written.
public struct CaseGuards: Sendable, Hashable {
    /// RUN-01: a `delegate.wipeDataForAccountId` question nothing in the case accounts for fails it.
    public var wipe: Bool
    /// RUN-02: more sign-in prompts than this, or more PIN prompts than this, fail the case; nil turns it off.
    public var promptLimit: Int?

    /// The prompt bound of a case that sets none. The sources bound the prompts a correct flow shows: one sign-in
    /// per enrollment request (000:314-316), a PIN set up once and asked at each launch or resume after the recheck
    /// period (000:622), and wrong PINs up to the policy's `maximumPinRetries` before a sign-in resets it (CL-05);
    /// the longest bundled cases show 5 PIN prompts and 3 sign-ins. A loop shows prompts without end, so any bound
    /// above what a case's own flow needs catches it; 8 leaves room for a case to add a launch or two.
    public static let defaultPromptLimit = 8

    /// What every case applies unless its suite's `defaults` or the case itself says otherwise.
    public static let standard = CaseGuards(wipe: true, promptLimit: defaultPromptLimit)

    public init(wipe: Bool, promptLimit: Int?) {
        self.wipe = wipe
        self.promptLimit = promptLimit
    }
}

/// Which JUnit consumers a report is shaped for.
///
/// There is no single JUnit format: each CI reader publishes (or implies) its own schema, and they disagree
/// about attributes and elements. The raw values are the names the command line accepts (`--junit-dialect`).
public enum JUnitDialect: String, Sendable, Equatable, CaseIterable {
    /// The default: valid against jenkins-junit.xsd and junit-10.xsd as a whole, and against
    /// surefire-test-report.xsd per `<testsuite>`. Earlier attempts of rerun cases are written as Surefire's
    /// `<flakyFailure>`/`<rerunFailure>` elements and a `flakes` attribute; jenkins-junit.xsd has neither
    /// and junit-10.xsd has no `flakes` attribute, so a report with a flaky pass is valid against Surefire's
    /// schema only, and one with reruns that never passed against Surefire's and junit-10.
    case standard
    /// The standard dialect plus what GitHub's JUnit reporters read (dorny/test-reporter,
    /// mikepenz/action-junit-report, EnricoMi/publish-unit-test-result-action): `file` and `line` on
    /// `<testcase>` for annotations, and the reason as a `message` attribute on `<skipped>` (the text stays too).
    /// The published schemas reject these attributes.
    case github
    /// Apache Ant's strict JUnit.xsd (also what many XSLT-based report generators expect), in the shape Ant's
    /// `junitreport` reads: a `<testsuite>` root, with `hostname`, a `<properties>` element and suite-level
    /// `<system-out>` and `<system-err>`; no output inside a case and at most one result element. A whole
    /// document is one `<testsuite>` named after it, holding every case, with the properties all suites share
    /// (`junitreport` takes no `<testsuites>` root; a directory has a file per suite). Per-case output is gathered
    /// into the suite's output under a header line per case (which ``JUnitReader`` splits again). Not carried:
    /// `file`/`line`, earlier attempts, and in a whole document the suites' own properties.
    case ant
}

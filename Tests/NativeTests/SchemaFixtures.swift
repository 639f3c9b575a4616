import Foundation
import JUnitXML

/// The JUnit schemas CI consumers publish (Jenkins, Surefire, Ant, junit-10), kept in the repository under
/// `Tests/Data/junit-schemas/` so a user's clone tests without anything beside it.
enum SchemaFixtures {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/NativeTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Data/junit-schemas")
        .standardizedFileURL

    static func path(_ file: String) -> String {
        directory.appendingPathComponent(file).path
    }

    static func junit10() throws -> JUnitSchemaValidator { try JUnitSchemaValidator(xsdPath: path("junit-10.xsd")) }
    static func jenkins() throws -> JUnitSchemaValidator { try JUnitSchemaValidator(xsdPath: path("jenkins-junit.xsd")) }
    static func surefire() throws -> JUnitSchemaValidator {
        try JUnitSchemaValidator(xsdPath: path("surefire-test-report.xsd"))
    }

    /// All schema errors for `xml`: the whole document against junit-10.xsd and jenkins-junit.xsd, and
    /// each `<testsuite>` alone against surefire-test-report.xsd. Empty means valid everywhere.
    static func allSchemaErrors(_ xml: Data) throws -> [String] {
        try junit10().validate(xml).map { "junit-10: " + $0 }
            + jenkins().validate(xml).map { "jenkins: " + $0 }
            + surefire().validateEachSuite(xml).map { "surefire: " + $0 }
    }
}

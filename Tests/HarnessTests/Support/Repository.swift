import Foundation

/// Paths inside the repository, found from this file, so tests run from any directory.
enum Repository {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var suites: String { "\(root)/Suites" }
    static var fixtures: String { "\(root)/fixtures" }
    static var testData: String { "\(root)/Tests/HarnessTests/Data" }
    static var schemas: String { "\(root)/Tests/Data/junit-schemas" }
}

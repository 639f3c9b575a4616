import ArgumentParser
import JUnitXML

/// Lets every command take `--junit-dialect standard|github|ant`. Declared once here: a second declaration
/// of the same conformance anywhere in the module would not compile.
extension JUnitDialect: ExpressibleByArgument {}

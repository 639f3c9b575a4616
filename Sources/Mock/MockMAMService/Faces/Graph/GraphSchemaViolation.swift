/// Why a Graph body was refused by a schema check; the message becomes the 400 `invalidRequest` message.
struct GraphSchemaViolation: Error {
    let message: String
}

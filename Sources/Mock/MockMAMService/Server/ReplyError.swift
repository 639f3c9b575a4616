/// A finished reply thrown as an error, so a face can refuse a request from deep inside its validation with `throw`.
struct ReplyError: Error {
    let reply: Reply

    init(_ reply: Reply) {
        self.reply = reply
    }
}

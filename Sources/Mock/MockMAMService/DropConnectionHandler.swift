import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection instead of writing a response that carries the internal drop marker.
///
/// A dropped-connection fault must look to the client exactly like a server that died mid-request: no status line,
/// no bytes. Faces cannot reach the channel, so the fault's reply carries a marker header and this handler, which
/// sits between Hummingbird and the socket, turns it into a close; the marker itself never leaves the process.
final class DropConnectionHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The header a reply sets to be dropped.
    static let marker = HTTPField.Name("x-mamconf-internal-drop")!

    private var dropping = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.headerFields[Self.marker] != nil:
            dropping = true
            promise?.succeed(())
            context.close(promise: nil)
        case .head:
            dropping = false
            context.write(data, promise: promise)
        case .body, .end:
            guard dropping else { return context.write(data, promise: promise) }
            promise?.succeed(())
        }
    }
}

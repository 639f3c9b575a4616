import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Ends connections the way a response asks: after the response when it says `Connection: close`, or at once,
/// without writing anything, when it carries the dropped-connection marker.
///
/// The mock answers an oversized body with 413 and `Connection: close` without reading the rest; the client may
/// still be sending, so the connection must really end there instead of waiting for bytes nobody will read. A
/// dropped-connection fault must look to the client exactly like a server that died mid-request: no status line,
/// no bytes; faces cannot reach the channel, so the fault's reply carries ``dropMarker`` and this handler, between
/// Hummingbird and the socket, turns it into a close (the marker never leaves the process). One handler for both,
/// because every response of every request passes through it.
final class CloseAfterResponseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The header a reply sets to be dropped.
    static let dropMarker = HTTPField.Name("x-mamconf-internal-drop")!

    private enum Ending {
        case keepAlive
        case closeAfterResponse
        case dropped
    }

    private var ending = Ending.keepAlive

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            if head.headerFields[Self.dropMarker] != nil {
                ending = .dropped
                promise?.succeed(())
                context.close(promise: nil)
                return
            }
            ending = head.headerFields[.connection]?.lowercased() == "close" ? .closeAfterResponse : .keepAlive
            context.write(data, promise: promise)
        case .body:
            guard ending != .dropped else { return promise?.succeed(()) ?? () }
            context.write(data, promise: promise)
        case .end:
            switch ending {
            case .keepAlive:
                context.write(data, promise: promise)
            case .dropped:
                promise?.succeed(())
            case .closeAfterResponse:
                let written = context.eventLoop.makePromise(of: Void.self)
                written.futureResult.cascade(to: promise)
                context.writeAndFlush(data, promise: written)
                // The write completes on this event loop, where the context may be used.
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                written.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
            }
        }
    }
}

import NIOCore
import NIOHTTPTypes

/// Tells ``ConnectionSlots`` what its connection is doing: admitted when it opens, busy from the moment its request
/// has arrived whole until its response is sent, waiting otherwise, released when it closes.
final class ConnectionSlotHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let slots: ConnectionSlots
    private var admitted = false

    init(slots: ConnectionSlots) {
        self.slots = slots
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        slots.release(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { slots.requestReceived(context.channel) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { slots.responseSent(context.channel) }
        context.write(data, promise: promise)
    }

    private func admit(_ channel: any Channel) {
        guard !admitted else { return }
        admitted = true
        slots.admit(channel)
    }
}

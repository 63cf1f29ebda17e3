// fuzz-control: what a local client can send the control socket (ControlRequest.parse), what
// `kiosk status`/`screenshot` read back (ControlReply.parse), and `vnc = ADDR:PORT` values.
// Checked: the request parser never traps, consumes at most what it was given and only through a
// LF, and a request it accepts parses back from its own line; a reply parses back from its bytes;
// a VNC address's description parses back to the same address; VNC keysyms map without trapping.
import FuzzSupport
import Kiosk

func fuzzControl(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte()
    let rest = input.rest()
    switch mode % 4 {
    case 0:
        switch ControlRequest.parse(rest) {
        case .incomplete:
            guard !rest.contains(0x0A), rest.count < ControlRequest.maxLength else { fuzzFailure("incomplete with a LF or past the limit") }
        case .request(let r, let consumed):
            guard consumed >= 1, consumed <= rest.count, rest[consumed - 1] == 0x0A, consumed <= ControlRequest.maxLength else {
                fuzzFailure("consumed \(consumed) of \(rest.count)")
            }
            guard ControlRequest.parse(r.line) == .request(r, consumed: r.line.count) else { fuzzFailure("\(r) does not parse back") }
        case .invalid(let why):
            guard !why.isEmpty else { fuzzFailure("empty reason") }
        }
    case 1:
        do {
            let reply = try ControlReply.parse(rest)
            if case .error(let m) = reply, m.contains("\n") { fuzzFailure("multi-line error") }
            guard (try? ControlReply.parse(reply.bytes)) == reply else { fuzzFailure("\(reply) does not parse back") }
        } catch {
            guard !error.description.isEmpty else { fuzzFailure("empty message") }
        }
    case 3:
        // VNC KeyEvents: any keysym sequence maps to nothing or a key with sane text.
        var keys = VNCKeyMapper()
        rest.withUnsafeBufferPointer { buf in
            var input = FuzzInput(buf.baseAddress, buf.count)
            for _ in 0..<min(64, buf.count / 5) {
                let down = input.bool()
                if let p = keys.press(keysym: input.u32(), down: down) {
                    guard p.characters.unicodeScalars.count <= 1 else { fuzzFailure("\(p) types more than one character") }
                }
            }
        }
    default:
        let text = String(decoding: rest, as: UTF8.self)
        do {
            let a = try VNCAddress(parsing: text)
            guard a.port > 0, (try? VNCAddress(parsing: a.description)) == a else { fuzzFailure("\(a) does not parse back") }
        } catch let e as ConfigError {
            guard !e.description.isEmpty else { fuzzFailure("empty message") }
        } catch { fuzzFailure("not a ConfigError: \(error)") }
    }
    return 0
}

runFuzzer(fuzzControl)

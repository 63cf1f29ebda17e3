// DRMDevice: finding a DRM card, its connected connectors and their modes through libdrm's legacy
// mode-setting API. `kiosk probe` prints this; DRMDisplay opens with it.
#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// A mode a connector offers.
public struct DRMMode: Sendable, CustomStringConvertible {
    public var width: Int, height: Int, refresh: Int, preferred: Bool
    /// The raw libdrm mode, passed back to SetCrtc.
    public var info: drmModeModeInfo
    public var description: String { "\(width)x\(height)@\(refresh)\(preferred ? " (preferred)" : "")" }
}

/// A connector (an output: HDMI, a panel, QEMU's virtual head).
public struct DRMConnector: Sendable, CustomStringConvertible {
    public var id: UInt32
    public var name: String
    public var connected: Bool
    public var modes: [DRMMode]
    /// The CRTC currently driving it (0 when off), and every CRTC its encoders can use.
    public var currentCRTC: UInt32
    public var possibleCRTCs: [UInt32]
    public var description: String { "\(name) (id \(id)): \(connected ? "connected" : "disconnected"), \(modes.count) modes" }
}

/// An open DRM card.
public final class DRMDevice {
    public let path: String
    public let fd: Int32
    public let driver: String

    /// Opens `path` read-write. Throws a ``PlatformError`` that says what to do.
    public init(path: String) throws {
        do { fd = try Syscall.open(path, O_RDWR) }
        catch let e as Errno { throw PlatformError("open", path: path, errno: e) }
        self.path = path
        if let v = drmGetVersion(fd) {
            driver = v.pointee.name.map { String(cString: $0) } ?? "?"
            drmFreeVersion(v)
        } else { driver = "?" }
    }
    deinit { Syscall.close(fd) }

    /// `/dev/dri/card*` in order.
    public static func cardPaths(directory: String = "/dev/dri") -> [String] {
        Syscall.listDirectory(directory).filter { $0.hasPrefix("card") }.map { "\(directory)/\($0)" }
    }

    /// True when the driver supports dumb buffers (every KMS driver kiosk can use does).
    public var supportsDumbBuffers: Bool {
        var v: UInt64 = 0
        return drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &v) == 0 && v != 0
    }

    /// The connectors, with modes and CRTC choices. Throws when the device is not a KMS device.
    public func connectors() throws -> [DRMConnector] {
        guard let res = drmModeGetResources(fd) else {
            throw PlatformError("drmModeGetResources", path: path, errno: .current,
                                advice: "this is not a mode-setting device (a render-only GPU?); pick another card with --display drm:PATH")
        }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        let crtcs = (0..<Int(r.count_crtcs)).map { r.crtcs[$0] }
        var out: [DRMConnector] = []
        for i in 0..<Int(r.count_connectors) {
            guard let c = drmModeGetConnector(fd, r.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            let cp = c.pointee
            let modes = DRMDevice.modes(of: cp)
            var current: UInt32 = 0
            if cp.encoder_id != 0, let e = drmModeGetEncoder(fd, cp.encoder_id) { current = e.pointee.crtc_id; drmModeFreeEncoder(e) }
            var possible: [UInt32] = []
            for k in 0..<Int(cp.count_encoders) {
                guard let e = drmModeGetEncoder(fd, cp.encoders[k]) else { continue }
                for (bit, crtc) in crtcs.enumerated() where (e.pointee.possible_crtcs & (1 << UInt32(bit))) != 0 && !possible.contains(crtc) {
                    possible.append(crtc)
                }
                drmModeFreeEncoder(e)
            }
            out.append(DRMConnector(id: cp.connector_id, name: DRMDevice.connectorName(type: cp.connector_type, index: cp.connector_type_id),
                                    connected: cp.connection == DRM_MODE_CONNECTED, modes: modes,
                                    currentCRTC: current, possibleCRTCs: possible))
        }
        return out
    }

    /// The modes a connector offers, in the driver's order.
    static func modes(of cp: drmModeConnector) -> [DRMMode] {
        (0..<Int(cp.count_modes)).map { m in
            let mi = cp.modes[m]
            return DRMMode(width: Int(mi.hdisplay), height: Int(mi.vdisplay), refresh: Int(mi.vrefresh),
                           preferred: (mi.type & UInt32(DRM_MODE_TYPE_PREFERRED)) != 0, info: mi)
        }
    }

    static func connectorName(type: UInt32, index: UInt32) -> String {
        let names: [UInt32: String] = [1: "VGA", 2: "DVI-I", 3: "DVI-D", 4: "DVI-A", 5: "Composite", 6: "SVIDEO", 7: "LVDS",
                                       8: "Component", 9: "DIN", 10: "DP", 11: "HDMI-A", 12: "HDMI-B", 13: "TV", 14: "eDP",
                                       15: "Virtual", 16: "DSI", 17: "DPI", 18: "Writeback", 19: "SPI", 20: "USB"]
        return "\(names[type] ?? "Unknown")-\(index)"
    }
}

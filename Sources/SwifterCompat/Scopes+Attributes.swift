// The attributes of the `scopes` DSL: set inside an element's closure, they become that element's
// attributes. Swifter kept them in process-wide variables shared by every thread; here each is a
// computed global over the calling thread's own `ScopeState`, so concurrent requests cannot mix.

/// The `id` attribute of the element being written.
public var idd: String? {
    get { ScopeState.current.attributes["id"] }
    set { ScopeState.current.attributes["id"] = newValue }
}
/// The `dir` attribute of the element being written.
public var dir: String? {
    get { ScopeState.current.attributes["dir"] }
    set { ScopeState.current.attributes["dir"] = newValue }
}
/// The `rel` attribute of the element being written.
public var rel: String? {
    get { ScopeState.current.attributes["rel"] }
    set { ScopeState.current.attributes["rel"] = newValue }
}
/// The `rev` attribute of the element being written.
public var rev: String? {
    get { ScopeState.current.attributes["rev"] }
    set { ScopeState.current.attributes["rev"] = newValue }
}
/// The `alt` attribute of the element being written.
public var alt: String? {
    get { ScopeState.current.attributes["alt"] }
    set { ScopeState.current.attributes["alt"] = newValue }
}
/// The `for` attribute of the element being written.
public var forr: String? {
    get { ScopeState.current.attributes["for"] }
    set { ScopeState.current.attributes["for"] = newValue }
}
/// The `src` attribute of the element being written.
public var src: String? {
    get { ScopeState.current.attributes["src"] }
    set { ScopeState.current.attributes["src"] = newValue }
}
/// The `type` attribute of the element being written.
public var type: String? {
    get { ScopeState.current.attributes["type"] }
    set { ScopeState.current.attributes["type"] = newValue }
}
/// The `href` attribute of the element being written.
public var href: String? {
    get { ScopeState.current.attributes["href"] }
    set { ScopeState.current.attributes["href"] = newValue }
}
/// The `text` attribute of the element being written.
public var text: String? {
    get { ScopeState.current.attributes["text"] }
    set { ScopeState.current.attributes["text"] = newValue }
}
/// The `abbr` attribute of the element being written.
public var abbr: String? {
    get { ScopeState.current.attributes["abbr"] }
    set { ScopeState.current.attributes["abbr"] = newValue }
}
/// The `size` attribute of the element being written.
public var size: String? {
    get { ScopeState.current.attributes["size"] }
    set { ScopeState.current.attributes["size"] = newValue }
}
/// The `face` attribute of the element being written.
public var face: String? {
    get { ScopeState.current.attributes["face"] }
    set { ScopeState.current.attributes["face"] = newValue }
}
/// The `char` attribute of the element being written.
public var char: String? {
    get { ScopeState.current.attributes["char"] }
    set { ScopeState.current.attributes["char"] = newValue }
}
/// The `cite` attribute of the element being written.
public var cite: String? {
    get { ScopeState.current.attributes["cite"] }
    set { ScopeState.current.attributes["cite"] = newValue }
}
/// The `span` attribute of the element being written.
public var span: String? {
    get { ScopeState.current.attributes["span"] }
    set { ScopeState.current.attributes["span"] = newValue }
}
/// The `data` attribute of the element being written.
public var data: String? {
    get { ScopeState.current.attributes["data"] }
    set { ScopeState.current.attributes["data"] = newValue }
}
/// The `axis` attribute of the element being written.
public var axis: String? {
    get { ScopeState.current.attributes["axis"] }
    set { ScopeState.current.attributes["axis"] = newValue }
}
/// The `Name` attribute of the element being written.
public var Name: String? {
    get { ScopeState.current.attributes["Name"] }
    set { ScopeState.current.attributes["Name"] = newValue }
}
/// The `name` attribute of the element being written.
public var name: String? {
    get { ScopeState.current.attributes["name"] }
    set { ScopeState.current.attributes["name"] = newValue }
}
/// The `code` attribute of the element being written.
public var code: String? {
    get { ScopeState.current.attributes["code"] }
    set { ScopeState.current.attributes["code"] = newValue }
}
/// The `link` attribute of the element being written.
public var link: String? {
    get { ScopeState.current.attributes["link"] }
    set { ScopeState.current.attributes["link"] = newValue }
}
/// The `lang` attribute of the element being written.
public var lang: String? {
    get { ScopeState.current.attributes["lang"] }
    set { ScopeState.current.attributes["lang"] = newValue }
}
/// The `cols` attribute of the element being written.
public var cols: String? {
    get { ScopeState.current.attributes["cols"] }
    set { ScopeState.current.attributes["cols"] = newValue }
}
/// The `rows` attribute of the element being written.
public var rows: String? {
    get { ScopeState.current.attributes["rows"] }
    set { ScopeState.current.attributes["rows"] = newValue }
}
/// The `ismap` attribute of the element being written.
public var ismap: String? {
    get { ScopeState.current.attributes["ismap"] }
    set { ScopeState.current.attributes["ismap"] = newValue }
}
/// The `shape` attribute of the element being written.
public var shape: String? {
    get { ScopeState.current.attributes["shape"] }
    set { ScopeState.current.attributes["shape"] = newValue }
}
/// The `style` attribute of the element being written.
public var style: String? {
    get { ScopeState.current.attributes["style"] }
    set { ScopeState.current.attributes["style"] = newValue }
}
/// The `alink` attribute of the element being written.
public var alink: String? {
    get { ScopeState.current.attributes["alink"] }
    set { ScopeState.current.attributes["alink"] = newValue }
}
/// The `width` attribute of the element being written.
public var width: String? {
    get { ScopeState.current.attributes["width"] }
    set { ScopeState.current.attributes["width"] = newValue }
}
/// The `rules` attribute of the element being written.
public var rules: String? {
    get { ScopeState.current.attributes["rules"] }
    set { ScopeState.current.attributes["rules"] = newValue }
}
/// The `align` attribute of the element being written.
public var align: String? {
    get { ScopeState.current.attributes["align"] }
    set { ScopeState.current.attributes["align"] = newValue }
}
/// The `frame` attribute of the element being written.
public var frame: String? {
    get { ScopeState.current.attributes["frame"] }
    set { ScopeState.current.attributes["frame"] = newValue }
}
/// The `vlink` attribute of the element being written.
public var vlink: String? {
    get { ScopeState.current.attributes["vlink"] }
    set { ScopeState.current.attributes["vlink"] = newValue }
}
/// The `defer` attribute of the element being written.
public var deferr: String? {
    get { ScopeState.current.attributes["defer"] }
    set { ScopeState.current.attributes["defer"] = newValue }
}
/// The `color` attribute of the element being written.
public var color: String? {
    get { ScopeState.current.attributes["color"] }
    set { ScopeState.current.attributes["color"] = newValue }
}
/// The `media` attribute of the element being written.
public var media: String? {
    get { ScopeState.current.attributes["media"] }
    set { ScopeState.current.attributes["media"] = newValue }
}
/// The `title` attribute of the element being written.
public var title: String? {
    get { ScopeState.current.attributes["title"] }
    set { ScopeState.current.attributes["title"] = newValue }
}
/// The `scope` attribute of the element being written.
public var scope: String? {
    get { ScopeState.current.attributes["scope"] }
    set { ScopeState.current.attributes["scope"] = newValue }
}
/// The `class` attribute of the element being written.
public var classs: String? {
    get { ScopeState.current.attributes["class"] }
    set { ScopeState.current.attributes["class"] = newValue }
}
/// The `manifest` attribute of the element being written.
public var manifest: String? {
    get { ScopeState.current.attributes["manifest"] }
    set { ScopeState.current.attributes["manifest"] = newValue }
}
/// The `value` attribute of the element being written.
public var value: String? {
    get { ScopeState.current.attributes["value"] }
    set { ScopeState.current.attributes["value"] = newValue }
}
/// The `clear` attribute of the element being written.
public var clear: String? {
    get { ScopeState.current.attributes["clear"] }
    set { ScopeState.current.attributes["clear"] = newValue }
}
/// The `start` attribute of the element being written.
public var start: String? {
    get { ScopeState.current.attributes["start"] }
    set { ScopeState.current.attributes["start"] = newValue }
}
/// The `label` attribute of the element being written.
public var label: String? {
    get { ScopeState.current.attributes["label"] }
    set { ScopeState.current.attributes["label"] = newValue }
}
/// The `action` attribute of the element being written.
public var action: String? {
    get { ScopeState.current.attributes["action"] }
    set { ScopeState.current.attributes["action"] = newValue }
}
/// The `height` attribute of the element being written.
public var height: String? {
    get { ScopeState.current.attributes["height"] }
    set { ScopeState.current.attributes["height"] = newValue }
}
/// The `method` attribute of the element being written.
public var method: String? {
    get { ScopeState.current.attributes["method"] }
    set { ScopeState.current.attributes["method"] = newValue }
}
/// The `accept` attribute of the element being written.
public var acceptt: String? {
    get { ScopeState.current.attributes["accept"] }
    set { ScopeState.current.attributes["accept"] = newValue }
}
/// The `object` attribute of the element being written.
public var object: String? {
    get { ScopeState.current.attributes["object"] }
    set { ScopeState.current.attributes["object"] = newValue }
}
/// The `scheme` attribute of the element being written.
public var scheme: String? {
    get { ScopeState.current.attributes["scheme"] }
    set { ScopeState.current.attributes["scheme"] = newValue }
}
/// The `coords` attribute of the element being written.
public var coords: String? {
    get { ScopeState.current.attributes["coords"] }
    set { ScopeState.current.attributes["coords"] = newValue }
}
/// The `usemap` attribute of the element being written.
public var usemap: String? {
    get { ScopeState.current.attributes["usemap"] }
    set { ScopeState.current.attributes["usemap"] = newValue }
}
/// The `onblur` attribute of the element being written.
public var onblur: String? {
    get { ScopeState.current.attributes["onblur"] }
    set { ScopeState.current.attributes["onblur"] = newValue }
}
/// The `nohref` attribute of the element being written.
public var nohref: String? {
    get { ScopeState.current.attributes["nohref"] }
    set { ScopeState.current.attributes["nohref"] = newValue }
}
/// The `nowrap` attribute of the element being written.
public var nowrap: String? {
    get { ScopeState.current.attributes["nowrap"] }
    set { ScopeState.current.attributes["nowrap"] = newValue }
}
/// The `hspace` attribute of the element being written.
public var hspace: String? {
    get { ScopeState.current.attributes["hspace"] }
    set { ScopeState.current.attributes["hspace"] = newValue }
}
/// The `border` attribute of the element being written.
public var border: String? {
    get { ScopeState.current.attributes["border"] }
    set { ScopeState.current.attributes["border"] = newValue }
}
/// The `valign` attribute of the element being written.
public var valign: String? {
    get { ScopeState.current.attributes["valign"] }
    set { ScopeState.current.attributes["valign"] = newValue }
}
/// The `vspace` attribute of the element being written.
public var vspace: String? {
    get { ScopeState.current.attributes["vspace"] }
    set { ScopeState.current.attributes["vspace"] = newValue }
}
/// The `onload` attribute of the element being written.
public var onload: String? {
    get { ScopeState.current.attributes["onload"] }
    set { ScopeState.current.attributes["onload"] = newValue }
}
/// The `target` attribute of the element being written.
public var target: String? {
    get { ScopeState.current.attributes["target"] }
    set { ScopeState.current.attributes["target"] = newValue }
}
/// The `prompt` attribute of the element being written.
public var prompt: String? {
    get { ScopeState.current.attributes["prompt"] }
    set { ScopeState.current.attributes["prompt"] = newValue }
}
/// The `onfocus` attribute of the element being written.
public var onfocus: String? {
    get { ScopeState.current.attributes["onfocus"] }
    set { ScopeState.current.attributes["onfocus"] = newValue }
}
/// The `enctype` attribute of the element being written.
public var enctype: String? {
    get { ScopeState.current.attributes["enctype"] }
    set { ScopeState.current.attributes["enctype"] = newValue }
}
/// The `onclick` attribute of the element being written.
public var onclick: String? {
    get { ScopeState.current.attributes["onclick"] }
    set { ScopeState.current.attributes["onclick"] = newValue }
}
/// The `ontouchstart` attribute of the element being written.
public var ontouchstart: String? {
    get { ScopeState.current.attributes["ontouchstart"] }
    set { ScopeState.current.attributes["ontouchstart"] = newValue }
}
/// The `onkeyup` attribute of the element being written.
public var onkeyup: String? {
    get { ScopeState.current.attributes["onkeyup"] }
    set { ScopeState.current.attributes["onkeyup"] = newValue }
}
/// The `profile` attribute of the element being written.
public var profile: String? {
    get { ScopeState.current.attributes["profile"] }
    set { ScopeState.current.attributes["profile"] = newValue }
}
/// The `version` attribute of the element being written.
public var version: String? {
    get { ScopeState.current.attributes["version"] }
    set { ScopeState.current.attributes["version"] = newValue }
}
/// The `onreset` attribute of the element being written.
public var onreset: String? {
    get { ScopeState.current.attributes["onreset"] }
    set { ScopeState.current.attributes["onreset"] = newValue }
}
/// The `charset` attribute of the element being written.
public var charset: String? {
    get { ScopeState.current.attributes["charset"] }
    set { ScopeState.current.attributes["charset"] = newValue }
}
/// The `standby` attribute of the element being written.
public var standby: String? {
    get { ScopeState.current.attributes["standby"] }
    set { ScopeState.current.attributes["standby"] = newValue }
}
/// The `colspan` attribute of the element being written.
public var colspan: String? {
    get { ScopeState.current.attributes["colspan"] }
    set { ScopeState.current.attributes["colspan"] = newValue }
}
/// The `charoff` attribute of the element being written.
public var charoff: String? {
    get { ScopeState.current.attributes["charoff"] }
    set { ScopeState.current.attributes["charoff"] = newValue }
}
/// The `classid` attribute of the element being written.
public var classid: String? {
    get { ScopeState.current.attributes["classid"] }
    set { ScopeState.current.attributes["classid"] = newValue }
}
/// The `compact` attribute of the element being written.
public var compact: String? {
    get { ScopeState.current.attributes["compact"] }
    set { ScopeState.current.attributes["compact"] = newValue }
}
/// The `declare` attribute of the element being written.
public var declare: String? {
    get { ScopeState.current.attributes["declare"] }
    set { ScopeState.current.attributes["declare"] = newValue }
}
/// The `rowspan` attribute of the element being written.
public var rowspan: String? {
    get { ScopeState.current.attributes["rowspan"] }
    set { ScopeState.current.attributes["rowspan"] = newValue }
}
/// The `checked` attribute of the element being written.
public var checked: String? {
    get { ScopeState.current.attributes["checked"] }
    set { ScopeState.current.attributes["checked"] = newValue }
}
/// The `archive` attribute of the element being written.
public var archive: String? {
    get { ScopeState.current.attributes["archive"] }
    set { ScopeState.current.attributes["archive"] = newValue }
}
/// The `bgcolor` attribute of the element being written.
public var bgcolor: String? {
    get { ScopeState.current.attributes["bgcolor"] }
    set { ScopeState.current.attributes["bgcolor"] = newValue }
}
/// The `content` attribute of the element being written.
public var content: String? {
    get { ScopeState.current.attributes["content"] }
    set { ScopeState.current.attributes["content"] = newValue }
}
/// The `noshade` attribute of the element being written.
public var noshade: String? {
    get { ScopeState.current.attributes["noshade"] }
    set { ScopeState.current.attributes["noshade"] = newValue }
}
/// The `summary` attribute of the element being written.
public var summary: String? {
    get { ScopeState.current.attributes["summary"] }
    set { ScopeState.current.attributes["summary"] = newValue }
}
/// The `headers` attribute of the element being written.
public var headers: String? {
    get { ScopeState.current.attributes["headers"] }
    set { ScopeState.current.attributes["headers"] = newValue }
}
/// The `onselect` attribute of the element being written.
public var onselect: String? {
    get { ScopeState.current.attributes["onselect"] }
    set { ScopeState.current.attributes["onselect"] = newValue }
}
/// The `readonly` attribute of the element being written.
public var readonly: String? {
    get { ScopeState.current.attributes["readonly"] }
    set { ScopeState.current.attributes["readonly"] = newValue }
}
/// The `tabindex` attribute of the element being written.
public var tabindex: String? {
    get { ScopeState.current.attributes["tabindex"] }
    set { ScopeState.current.attributes["tabindex"] = newValue }
}
/// The `onchange` attribute of the element being written.
public var onchange: String? {
    get { ScopeState.current.attributes["onchange"] }
    set { ScopeState.current.attributes["onchange"] = newValue }
}
/// The `noresize` attribute of the element being written.
public var noresize: String? {
    get { ScopeState.current.attributes["noresize"] }
    set { ScopeState.current.attributes["noresize"] = newValue }
}
/// The `disabled` attribute of the element being written.
public var disabled: String? {
    get { ScopeState.current.attributes["disabled"] }
    set { ScopeState.current.attributes["disabled"] = newValue }
}
/// The `longdesc` attribute of the element being written.
public var longdesc: String? {
    get { ScopeState.current.attributes["longdesc"] }
    set { ScopeState.current.attributes["longdesc"] = newValue }
}
/// The `codebase` attribute of the element being written.
public var codebase: String? {
    get { ScopeState.current.attributes["codebase"] }
    set { ScopeState.current.attributes["codebase"] = newValue }
}
/// The `language` attribute of the element being written.
public var language: String? {
    get { ScopeState.current.attributes["language"] }
    set { ScopeState.current.attributes["language"] = newValue }
}
/// The `datetime` attribute of the element being written.
public var datetime: String? {
    get { ScopeState.current.attributes["datetime"] }
    set { ScopeState.current.attributes["datetime"] = newValue }
}
/// The `selected` attribute of the element being written.
public var selected: String? {
    get { ScopeState.current.attributes["selected"] }
    set { ScopeState.current.attributes["selected"] = newValue }
}
/// The `hreflang` attribute of the element being written.
public var hreflang: String? {
    get { ScopeState.current.attributes["hreflang"] }
    set { ScopeState.current.attributes["hreflang"] = newValue }
}
/// The `onsubmit` attribute of the element being written.
public var onsubmit: String? {
    get { ScopeState.current.attributes["onsubmit"] }
    set { ScopeState.current.attributes["onsubmit"] = newValue }
}
/// The `multiple` attribute of the element being written.
public var multiple: String? {
    get { ScopeState.current.attributes["multiple"] }
    set { ScopeState.current.attributes["multiple"] = newValue }
}
/// The `onunload` attribute of the element being written.
public var onunload: String? {
    get { ScopeState.current.attributes["onunload"] }
    set { ScopeState.current.attributes["onunload"] = newValue }
}
/// The `codetype` attribute of the element being written.
public var codetype: String? {
    get { ScopeState.current.attributes["codetype"] }
    set { ScopeState.current.attributes["codetype"] = newValue }
}
/// The `scrolling` attribute of the element being written.
public var scrolling: String? {
    get { ScopeState.current.attributes["scrolling"] }
    set { ScopeState.current.attributes["scrolling"] = newValue }
}
/// The `onkeydown` attribute of the element being written.
public var onkeydown: String? {
    get { ScopeState.current.attributes["onkeydown"] }
    set { ScopeState.current.attributes["onkeydown"] = newValue }
}
/// The `maxlength` attribute of the element being written.
public var maxlength: String? {
    get { ScopeState.current.attributes["maxlength"] }
    set { ScopeState.current.attributes["maxlength"] = newValue }
}
/// The `valuetype` attribute of the element being written.
public var valuetype: String? {
    get { ScopeState.current.attributes["valuetype"] }
    set { ScopeState.current.attributes["valuetype"] = newValue }
}
/// The `accesskey` attribute of the element being written.
public var accesskey: String? {
    get { ScopeState.current.attributes["accesskey"] }
    set { ScopeState.current.attributes["accesskey"] = newValue }
}
/// The `onmouseup` attribute of the element being written.
public var onmouseup: String? {
    get { ScopeState.current.attributes["onmouseup"] }
    set { ScopeState.current.attributes["onmouseup"] = newValue }
}
/// The `autofocus` attribute of the element being written.
public var autofocus: String? {
    get { ScopeState.current.attributes["autofocus"] }
    set { ScopeState.current.attributes["autofocus"] = newValue }
}
/// The `onkeypress` attribute of the element being written.
public var onkeypress: String? {
    get { ScopeState.current.attributes["onkeypress"] }
    set { ScopeState.current.attributes["onkeypress"] = newValue }
}
/// The `ondblclick` attribute of the element being written.
public var ondblclick: String? {
    get { ScopeState.current.attributes["ondblclick"] }
    set { ScopeState.current.attributes["ondblclick"] = newValue }
}
/// The `onmouseout` attribute of the element being written.
public var onmouseout: String? {
    get { ScopeState.current.attributes["onmouseout"] }
    set { ScopeState.current.attributes["onmouseout"] = newValue }
}
/// The `http-equiv` attribute of the element being written.
public var httpEquiv: String? {
    get { ScopeState.current.attributes["http-equiv"] }
    set { ScopeState.current.attributes["http-equiv"] = newValue }
}
/// The `data-text` attribute of the element being written.
public var dataText: String? {
    get { ScopeState.current.attributes["data-text"] }
    set { ScopeState.current.attributes["data-text"] = newValue }
}
/// The `background` attribute of the element being written.
public var background: String? {
    get { ScopeState.current.attributes["background"] }
    set { ScopeState.current.attributes["background"] = newValue }
}
/// The `onmousemove` attribute of the element being written.
public var onmousemove: String? {
    get { ScopeState.current.attributes["onmousemove"] }
    set { ScopeState.current.attributes["onmousemove"] = newValue }
}
/// The `onmouseover` attribute of the element being written.
public var onmouseover: String? {
    get { ScopeState.current.attributes["onmouseover"] }
    set { ScopeState.current.attributes["onmouseover"] = newValue }
}
/// The `cellpadding` attribute of the element being written.
public var cellpadding: String? {
    get { ScopeState.current.attributes["cellpadding"] }
    set { ScopeState.current.attributes["cellpadding"] = newValue }
}
/// The `onmousedown` attribute of the element being written.
public var onmousedown: String? {
    get { ScopeState.current.attributes["onmousedown"] }
    set { ScopeState.current.attributes["onmousedown"] = newValue }
}
/// The `frameborder` attribute of the element being written.
public var frameborder: String? {
    get { ScopeState.current.attributes["frameborder"] }
    set { ScopeState.current.attributes["frameborder"] = newValue }
}
/// The `marginwidth` attribute of the element being written.
public var marginwidth: String? {
    get { ScopeState.current.attributes["marginwidth"] }
    set { ScopeState.current.attributes["marginwidth"] = newValue }
}
/// The `cellspacing` attribute of the element being written.
public var cellspacing: String? {
    get { ScopeState.current.attributes["cellspacing"] }
    set { ScopeState.current.attributes["cellspacing"] = newValue }
}
/// The `placeholder` attribute of the element being written.
public var placeholder: String? {
    get { ScopeState.current.attributes["placeholder"] }
    set { ScopeState.current.attributes["placeholder"] = newValue }
}
/// The `marginheight` attribute of the element being written.
public var marginheight: String? {
    get { ScopeState.current.attributes["marginheight"] }
    set { ScopeState.current.attributes["marginheight"] = newValue }
}
/// The `accept-charset` attribute of the element being written.
public var acceptCharset: String? {
    get { ScopeState.current.attributes["accept-charset"] }
    set { ScopeState.current.attributes["accept-charset"] = newValue }
}

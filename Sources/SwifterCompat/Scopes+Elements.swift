// The element functions of the `scopes` DSL: one per HTML element Swifter offered, each writing
// `<name …>…</name>` (see Scopes.swift). A list, kept in one file so the DSL's logic stays readable.

/// Writes a `<a>` element.
public func a(_ closure: Closure) { element("a", closure) }
/// Writes a `<abbr>` element.
public func abbr(_ closure: Closure) { element("abbr", closure) }
/// Writes a `<acronym>` element.
public func acronym(_ closure: Closure) { element("acronym", closure) }
/// Writes a `<address>` element.
public func address(_ closure: Closure) { element("address", closure) }
/// Writes a `<applet>` element.
public func applet(_ closure: Closure) { element("applet", closure) }
/// Writes a `<area>` element.
public func area(_ closure: Closure) { element("area", closure) }
/// Writes a `<article>` element.
public func article(_ closure: Closure) { element("article", closure) }
/// Writes a `<aside>` element.
public func aside(_ closure: Closure) { element("aside", closure) }
/// Writes a `<audio>` element.
public func audio(_ closure: Closure) { element("audio", closure) }
/// Writes a `<b>` element.
public func b(_ closure: Closure) { element("b", closure) }
/// Writes a `<base>` element.
public func base(_ closure: Closure) { element("base", closure) }
/// Writes a `<basefont>` element.
public func basefont(_ closure: Closure) { element("basefont", closure) }
/// Writes a `<bdi>` element.
public func bdi(_ closure: Closure) { element("bdi", closure) }
/// Writes a `<bdo>` element.
public func bdo(_ closure: Closure) { element("bdo", closure) }
/// Writes a `<bgsound>` element.
public func bgsound(_ closure: Closure) { element("bgsound", closure) }
/// Writes a `<big>` element.
public func big(_ closure: Closure) { element("big", closure) }
/// Writes a `<blink>` element.
public func blink(_ closure: Closure) { element("blink", closure) }
/// Writes a `<blockquote>` element.
public func blockquote(_ closure: Closure) { element("blockquote", closure) }
/// Writes a `<body>` element.
public func body(_ closure: Closure) { element("body", closure) }
/// Writes a `<br>` element.
public func br(_ closure: Closure) { element("br", closure) }
/// Writes a `<button>` element.
public func button(_ closure: Closure) { element("button", closure) }
/// Writes a `<canvas>` element.
public func canvas(_ closure: Closure) { element("canvas", closure) }
/// Writes a `<caption>` element.
public func caption(_ closure: Closure) { element("caption", closure) }
/// Writes a `<center>` element.
public func center(_ closure: Closure) { element("center", closure) }
/// Writes a `<cite>` element.
public func cite(_ closure: Closure) { element("cite", closure) }
/// Writes a `<code>` element.
public func code(_ closure: Closure) { element("code", closure) }
/// Writes a `<col>` element.
public func col(_ closure: Closure) { element("col", closure) }
/// Writes a `<colgroup>` element.
public func colgroup(_ closure: Closure) { element("colgroup", closure) }
/// Writes a `<command>` element.
public func command(_ closure: Closure) { element("command", closure) }
/// Writes a `<content>` element.
public func content(_ closure: Closure) { element("content", closure) }
/// Writes a `<data>` element.
public func data(_ closure: Closure) { element("data", closure) }
/// Writes a `<datalist>` element.
public func datalist(_ closure: Closure) { element("datalist", closure) }
/// Writes a `<dd>` element.
public func dd(_ closure: Closure) { element("dd", closure) }
/// Writes a `<del>` element.
public func del(_ closure: Closure) { element("del", closure) }
/// Writes a `<details>` element.
public func details(_ closure: Closure) { element("details", closure) }
/// Writes a `<dfn>` element.
public func dfn(_ closure: Closure) { element("dfn", closure) }
/// Writes a `<dialog>` element.
public func dialog(_ closure: Closure) { element("dialog", closure) }
/// Writes a `<dir>` element.
public func dir(_ closure: Closure) { element("dir", closure) }
/// Writes a `<div>` element.
public func div(_ closure: Closure) { element("div", closure) }
/// Writes a `<dl>` element.
public func dl(_ closure: Closure) { element("dl", closure) }
/// Writes a `<dt>` element.
public func dt(_ closure: Closure) { element("dt", closure) }
/// Writes a `<em>` element.
public func em(_ closure: Closure) { element("em", closure) }
/// Writes a `<embed>` element.
public func embed(_ closure: Closure) { element("embed", closure) }
/// Writes a `<fieldset>` element.
public func fieldset(_ closure: Closure) { element("fieldset", closure) }
/// Writes a `<figcaption>` element.
public func figcaption(_ closure: Closure) { element("figcaption", closure) }
/// Writes a `<figure>` element.
public func figure(_ closure: Closure) { element("figure", closure) }
/// Writes a `<font>` element.
public func font(_ closure: Closure) { element("font", closure) }
/// Writes a `<footer>` element.
public func footer(_ closure: Closure) { element("footer", closure) }
/// Writes a `<form>` element.
public func form(_ closure: Closure) { element("form", closure) }
/// Writes a `<frame>` element.
public func frame(_ closure: Closure) { element("frame", closure) }
/// Writes a `<frameset>` element.
public func frameset(_ closure: Closure) { element("frameset", closure) }
/// Writes a `<h1>` element.
public func h1(_ closure: Closure) { element("h1", closure) }
/// Writes a `<h2>` element.
public func h2(_ closure: Closure) { element("h2", closure) }
/// Writes a `<h3>` element.
public func h3(_ closure: Closure) { element("h3", closure) }
/// Writes a `<h4>` element.
public func h4(_ closure: Closure) { element("h4", closure) }
/// Writes a `<h5>` element.
public func h5(_ closure: Closure) { element("h5", closure) }
/// Writes a `<h6>` element.
public func h6(_ closure: Closure) { element("h6", closure) }
/// Writes a `<head>` element.
public func head(_ closure: Closure) { element("head", closure) }
/// Writes a `<header>` element.
public func header(_ closure: Closure) { element("header", closure) }
/// Writes a `<hgroup>` element.
public func hgroup(_ closure: Closure) { element("hgroup", closure) }
/// Writes a `<hr>` element.
public func hr(_ closure: Closure) { element("hr", closure) }
/// Writes a `<html>` element.
public func html(_ closure: Closure) { element("html", closure) }
/// Writes a `<i>` element.
public func i(_ closure: Closure) { element("i", closure) }
/// Writes a `<iframe>` element.
public func iframe(_ closure: Closure) { element("iframe", closure) }
/// Writes a `<image>` element.
public func image(_ closure: Closure) { element("image", closure) }
/// Writes a `<img>` element.
public func img(_ closure: Closure) { element("img", closure) }
/// Writes a `<input>` element.
public func input(_ closure: Closure) { element("input", closure) }
/// Writes a `<ins>` element.
public func ins(_ closure: Closure) { element("ins", closure) }
/// Writes a `<isindex>` element.
public func isindex(_ closure: Closure) { element("isindex", closure) }
/// Writes a `<kbd>` element.
public func kbd(_ closure: Closure) { element("kbd", closure) }
/// Writes a `<keygen>` element.
public func keygen(_ closure: Closure) { element("keygen", closure) }
/// Writes a `<label>` element.
public func label(_ closure: Closure) { element("label", closure) }
/// Writes a `<legend>` element.
public func legend(_ closure: Closure) { element("legend", closure) }
/// Writes a `<li>` element.
public func li(_ closure: Closure) { element("li", closure) }
/// Writes a `<link>` element.
public func link(_ closure: Closure) { element("link", closure) }
/// Writes a `<listing>` element.
public func listing(_ closure: Closure) { element("listing", closure) }
/// Writes a `<main>` element.
public func main(_ closure: Closure) { element("main", closure) }
/// Writes a `<map>` element.
public func map(_ closure: Closure) { element("map", closure) }
/// Writes a `<mark>` element.
public func mark(_ closure: Closure) { element("mark", closure) }
/// Writes a `<marquee>` element.
public func marquee(_ closure: Closure) { element("marquee", closure) }
/// Writes a `<menu>` element.
public func menu(_ closure: Closure) { element("menu", closure) }
/// Writes a `<menuitem>` element.
public func menuitem(_ closure: Closure) { element("menuitem", closure) }
/// Writes a `<meta>` element.
public func meta(_ closure: Closure) { element("meta", closure) }
/// Writes a `<meter>` element.
public func meter(_ closure: Closure) { element("meter", closure) }
/// Writes a `<multicol>` element.
public func multicol(_ closure: Closure) { element("multicol", closure) }
/// Writes a `<nav>` element.
public func nav(_ closure: Closure) { element("nav", closure) }
/// Writes a `<nobr>` element.
public func nobr(_ closure: Closure) { element("nobr", closure) }
/// Writes a `<noembed>` element.
public func noembed(_ closure: Closure) { element("noembed", closure) }
/// Writes a `<noframes>` element.
public func noframes(_ closure: Closure) { element("noframes", closure) }
/// Writes a `<noscript>` element.
public func noscript(_ closure: Closure) { element("noscript", closure) }
/// Writes a `<object>` element.
public func object(_ closure: Closure) { element("object", closure) }
/// Writes a `<ol>` element.
public func ol(_ closure: Closure) { element("ol", closure) }
/// Writes a `<optgroup>` element.
public func optgroup(_ closure: Closure) { element("optgroup", closure) }
/// Writes a `<option>` element.
public func option(_ closure: Closure) { element("option", closure) }
/// Writes a `<output>` element.
public func output(_ closure: Closure) { element("output", closure) }
/// Writes a `<p>` element.
public func p(_ closure: Closure) { element("p", closure) }
/// Writes a `<param>` element.
public func param(_ closure: Closure) { element("param", closure) }
/// Writes a `<picture>` element.
public func picture(_ closure: Closure) { element("picture", closure) }
/// Writes a `<plaintext>` element.
public func plaintext(_ closure: Closure) { element("plaintext", closure) }
/// Writes a `<pre>` element.
public func pre(_ closure: Closure) { element("pre", closure) }
/// Writes a `<progress>` element.
public func progress(_ closure: Closure) { element("progress", closure) }
/// Writes a `<q>` element.
public func q(_ closure: Closure) { element("q", closure) }
/// Writes a `<rp>` element.
public func rp(_ closure: Closure) { element("rp", closure) }
/// Writes a `<rt>` element.
public func rt(_ closure: Closure) { element("rt", closure) }
/// Writes a `<rtc>` element.
public func rtc(_ closure: Closure) { element("rtc", closure) }
/// Writes a `<ruby>` element.
public func ruby(_ closure: Closure) { element("ruby", closure) }
/// Writes a `<s>` element.
public func s(_ closure: Closure) { element("s", closure) }
/// Writes a `<samp>` element.
public func samp(_ closure: Closure) { element("samp", closure) }
/// Writes a `<script>` element.
public func script(_ closure: Closure) { element("script", closure) }
/// Writes a `<section>` element.
public func section(_ closure: Closure) { element("section", closure) }
/// Writes a `<select>` element.
public func select(_ closure: Closure) { element("select", closure) }
/// Writes a `<shadow>` element.
public func shadow(_ closure: Closure) { element("shadow", closure) }
/// Writes a `<small>` element.
public func small(_ closure: Closure) { element("small", closure) }
/// Writes a `<source>` element.
public func source(_ closure: Closure) { element("source", closure) }
/// Writes a `<spacer>` element.
public func spacer(_ closure: Closure) { element("spacer", closure) }
/// Writes a `<span>` element.
public func span(_ closure: Closure) { element("span", closure) }
/// Writes a `<strike>` element.
public func strike(_ closure: Closure) { element("strike", closure) }
/// Writes a `<strong>` element.
public func strong(_ closure: Closure) { element("strong", closure) }
/// Writes a `<style>` element.
public func style(_ closure: Closure) { element("style", closure) }
/// Writes a `<sub>` element.
public func sub(_ closure: Closure) { element("sub", closure) }
/// Writes a `<summary>` element.
public func summary(_ closure: Closure) { element("summary", closure) }
/// Writes a `<sup>` element.
public func sup(_ closure: Closure) { element("sup", closure) }
/// Writes a `<table>` element.
public func table(_ closure: Closure) { element("table", closure) }
/// Writes a `<tbody>` element.
public func tbody(_ closure: Closure) { element("tbody", closure) }
/// Writes a `<td>` element.
public func td(_ closure: Closure) { element("td", closure) }
/// Writes a `<template>` element.
public func template(_ closure: Closure) { element("template", closure) }
/// Writes a `<textarea>` element.
public func textarea(_ closure: Closure) { element("textarea", closure) }
/// Writes a `<tfoot>` element.
public func tfoot(_ closure: Closure) { element("tfoot", closure) }
/// Writes a `<th>` element.
public func th(_ closure: Closure) { element("th", closure) }
/// Writes a `<thead>` element.
public func thead(_ closure: Closure) { element("thead", closure) }
/// Writes a `<time>` element.
public func time(_ closure: Closure) { element("time", closure) }
/// Writes a `<title>` element.
public func title(_ closure: Closure) { element("title", closure) }
/// Writes a `<tr>` element.
public func tr(_ closure: Closure) { element("tr", closure) }
/// Writes a `<track>` element.
public func track(_ closure: Closure) { element("track", closure) }
/// Writes a `<tt>` element.
public func tt(_ closure: Closure) { element("tt", closure) }
/// Writes a `<u>` element.
public func u(_ closure: Closure) { element("u", closure) }
/// Writes a `<ul>` element.
public func ul(_ closure: Closure) { element("ul", closure) }
/// Writes a `<video>` element.
public func video(_ closure: Closure) { element("video", closure) }
/// Writes a `<wbr>` element.
public func wbr(_ closure: Closure) { element("wbr", closure) }
/// Writes a `<xmp>` element.
public func xmp(_ closure: Closure) { element("xmp", closure) }
/// Writes a `<element>` element (`element` is taken in Swift).
public func elementt(_ closure: Closure) { element("element", closure) }
/// Writes a `<var>` element (`var` is taken in Swift).
public func varr(_ closure: Closure) { element("var", closure) }

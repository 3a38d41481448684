// Synthetic phone and desktop screenshots for the demo project, drawn as SVG and rendered to
// PNG with sharp. Each screen lists its elements with their boxes in image pixels, so the
// demo's grounding targets and click points land exactly on what is drawn.
import sharp from "sharp";
import type { Box } from "@/lib/domain/geometry";

export type DemoElement = { name: string; box: Box; kind: "text" | "icon" };
export type DemoScreen = { key: string; width: number; height: number; elements: DemoElement[]; svg: string };

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

function phoneScreen(key: string, title: string, accent: string, rows: string[], button: string): DemoScreen {
  const width = 720;
  const height = 1280;
  const elements: DemoElement[] = [];
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="#f6f7f9"/>`,
    `<rect width="${width}" height="56" fill="#1f2933"/>`,
    `<text x="24" y="37" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#fff">9:41</text>`,
    `<rect y="56" width="${width}" height="120" fill="${accent}"/>`,
    `<text x="32" y="134" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="bold" fill="#fff">${escapeXml(title)}</text>`,
  ];
  const back: Box = [600, 84, 688, 148];
  elements.push({ name: "Search", box: back, kind: "icon" });
  parts.push(`<circle cx="636" cy="112" r="18" fill="none" stroke="#fff" stroke-width="5"/><line x1="649" y1="125" x2="666" y2="142" stroke="#fff" stroke-width="6"/>`);
  rows.forEach((row, i) => {
    const y = 208 + i * 120;
    const box: Box = [24, y, width - 24, y + 100];
    elements.push({ name: row, box, kind: "text" });
    parts.push(
      `<rect x="24" y="${y}" width="${width - 48}" height="100" rx="14" fill="#fff" stroke="#d9dee5"/>`,
      `<circle cx="84" cy="${y + 50}" r="26" fill="${accent}" opacity="0.25"/>`,
      `<text x="132" y="${y + 60}" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#1f2933">${escapeXml(row)}</text>`,
      `<path d="M ${width - 70} ${y + 36} l 14 14 l -14 14" stroke="#9aa5b1" stroke-width="5" fill="none"/>`,
    );
  });
  const buttonBox: Box = [120, 1120, 600, 1216];
  elements.push({ name: button, box: buttonBox, kind: "text" });
  parts.push(
    `<rect x="120" y="1120" width="480" height="96" rx="48" fill="${accent}"/>`,
    `<text x="360" y="1180" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="32" fill="#fff">${escapeXml(button)}</text>`,
  );
  return { key, width, height, elements, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join("")}</svg>` };
}

function desktopScreen(key: string, title: string, menu: string[]): DemoScreen {
  const width = 1920;
  const height = 1080;
  const elements: DemoElement[] = [];
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="#eef1f5"/>`,
    `<rect width="${width}" height="64" fill="#24292f"/>`,
    `<text x="32" y="42" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#fff">${escapeXml(title)}</text>`,
    `<rect y="64" width="300" height="${height - 64}" fill="#fff" stroke="#d0d7de"/>`,
  ];
  menu.forEach((item, i) => {
    const y = 96 + i * 64;
    const box: Box = [16, y, 284, y + 48];
    elements.push({ name: item, box, kind: "text" });
    parts.push(
      `<rect x="16" y="${y}" width="268" height="48" rx="8" fill="${i === 0 ? "#ddf4ff" : "#fff"}"/>`,
      `<text x="32" y="${y + 32}" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#24292f">${escapeXml(item)}</text>`,
    );
  });
  const saveBox: Box = [1680, 980, 1880, 1040];
  elements.push({ name: "Save", box: saveBox, kind: "text" });
  const gearBox: Box = [1840, 12, 1880, 52];
  elements.push({ name: "Settings gear", box: gearBox, kind: "icon" });
  parts.push(
    `<rect x="340" y="104" width="1540" height="840" rx="12" fill="#fff" stroke="#d0d7de"/>`,
    `<text x="380" y="170" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#24292f">Quarterly report.xlsx</text>`,
    ...Array.from({ length: 12 }, (_, r) => `<line x1="380" y1="${220 + r * 56}" x2="1840" y2="${220 + r * 56}" stroke="#eaeef2"/>`),
    `<rect x="1680" y="980" width="200" height="60" rx="8" fill="#1f883d"/>`,
    `<text x="1780" y="1020" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="24" fill="#fff">Save</text>`,
    `<circle cx="1860" cy="32" r="14" fill="none" stroke="#fff" stroke-width="5"/>`,
  );
  return { key, width, height, elements, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join("")}</svg>` };
}

export const DEMO_SCREENS: DemoScreen[] = [
  phoneScreen("settings-home", "Settings", "#2563eb", ["Wi-Fi", "Bluetooth", "Display", "Battery", "Notifications", "Privacy", "About phone"], "Search settings"),
  phoneScreen("settings-display", "Display", "#2563eb", ["Brightness", "Dark theme", "Font size", "Screen timeout", "Auto-rotate"], "Done"),
  phoneScreen("settings-dark", "Dark theme", "#111827", ["Use dark theme", "Schedule", "Turn on at sunset", "Turn off at sunrise"], "Apply"),
  phoneScreen("shop-home", "Market", "#059669", ["Fresh fruit", "Vegetables", "Bakery", "Dairy & eggs", "Frozen"], "View cart"),
  phoneScreen("shop-fruit", "Fresh fruit", "#059669", ["Apples 1 kg", "Bananas", "Blueberries", "Oranges 2 kg"], "Add to cart"),
  phoneScreen("shop-cart", "Cart", "#059669", ["Apples 1 kg  x1", "Bananas  x2", "Delivery: tomorrow"], "Checkout"),
  desktopScreen("sheet-editor", "Sheets", ["Home", "Insert", "Formulas", "Data", "Review", "View"]),
];

export async function renderScreen(screen: DemoScreen): Promise<Buffer> {
  return sharp(Buffer.from(screen.svg)).png({ compressionLevel: 6 }).toBuffer();
}

export function element(screen: DemoScreen, name: string): DemoElement {
  const found = screen.elements.find((e) => e.name === name);
  if (!found) throw new Error(`demo screen ${screen.key} has no element ${name}`);
  return found;
}

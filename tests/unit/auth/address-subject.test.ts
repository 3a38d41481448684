// Per-address sign-in limits count an IPv6 client by its /64: one subscriber's network cannot
// mint fresh addresses to start every limit from zero.
import { describe, expect, it } from "vitest";
import { addressSubject } from "@/lib/auth/address-subject";

describe("the subject a per-address limit counts", () => {
  it("is an IPv4 address as it is, an IPv4-mapped one included", () => {
    expect(addressSubject("192.0.2.5")).toBe("192.0.2.5");
    expect(addressSubject("::ffff:192.0.2.5")).toBe("192.0.2.5");
  });

  it("is the /64 of an IPv6 address, however the address is written", () => {
    const subject = "2001:db8:1:2::/64";
    for (const address of ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2:aaaa::", "2001:db8:1:2::5%eth0", "2001:db8:1:2::192.0.2.1"]) {
      expect(addressSubject(address), address).toBe(subject);
    }
    expect(addressSubject("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves anything that is not an address unchanged", () => {
    expect(addressSubject("unknown")).toBe("unknown");
    expect(addressSubject("")).toBe("");
  });
});

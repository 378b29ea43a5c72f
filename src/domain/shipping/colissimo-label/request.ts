/**
 * Colissimo's SLS label web service: the JSON body of
 * `POST https://ws.colissimo.fr/sls-ws/SlsServiceWSRest/2.0/generateLabel` (docs/decisions/047), per
 * https://www.colissimo.entreprise.laposte.fr/fr/system/files/imagescontent/docs/spec_ws_affranchissement.pdf
 */

import {
  addressLines,
  colissimoPhone,
  cut,
  oneLine,
  SLS_MAX_LENGTHS,
  type SlsAddress,
  slsWeightKg,
} from "./fields";

export const SLS_GENERATE_LABEL_PATH = "/sls-ws/SlsServiceWSRest/2.0/generateLabel";

/** SLS also prints ZPL and DPL for thermal printers. */
export type LabelFormat = "PDF_10x15_300dpi" | "PDF_A4_300dpi";

export type ColissimoProduct = "DOM" | "DOS" | "A2P";

export const COLISSIMO_PRODUCT_LABELS: Record<ColissimoProduct, string> = {
  DOM: "Colissimo Domicile sans signature",
  DOS: "Colissimo Domicile contre signature",
  A2P: "Colissimo en point retrait",
};

/** SLS now takes every pick-up point as « HD » (the only code its OpenAPI documents): A2P risks a refusal. */
export const SLS_PRODUCT_CODES: Record<ColissimoProduct, "DOM" | "DOS" | "HD"> = {
  DOM: "DOM",
  DOS: "DOS",
  A2P: "HD",
};

export interface LabelInput {
  /** SLS's older authentication, still accepted. */
  contractNumber: string;
  password: string;
  format: LabelFormat;
  productCode: ColissimoProduct;
  /** YYYY-MM-DD; SLS refuses a day already past (30002). */
  depositDate: string;
  orderNumber: string;
  /** Mandatory for a pick-up point. */
  commercialName: string;
  /** Packaging included. */
  weightGrams: number;
  /** Only for A2P. */
  pickupLocationId?: string;
  sender: {
    companyName: string;
    line: string;
    zipCode: string;
    city: string;
    countryCode: string;
    email?: string;
    /** E.164. */
    phone?: string;
  };
  /** For A2P SLS prints the point's address from pickupLocationId, whatever address is sent here. */
  addressee: {
    firstName: string;
    lastName: string;
    line1: string;
    line2?: string | null;
    zipCode: string;
    city: string;
    countryCode: string;
    /** E.164. */
    phone: string;
    email: string;
  };
}

export interface SlsLabelRequest {
  contractNumber: string;
  password: string;
  outputFormat: { x: number; y: number; outputPrintingType: LabelFormat };
  letter: {
    service: {
      productCode: "DOM" | "DOS" | "HD";
      depositDate: string;
      orderNumber: string;
      commercialName: string;
    };
    parcel: { weight: number; pickupLocationId?: string };
    sender: { senderParcelRef: string; address: SlsAddress };
    addressee: { addresseeParcelRef: string; address: SlsAddress };
  };
}

export function labelRequestBody(input: LabelInput): SlsLabelRequest {
  const { sender, addressee } = input;
  const senderCountry = oneLine(sender.countryCode).toUpperCase();
  const addresseeCountry = oneLine(addressee.countryCode).toUpperCase();
  const orderNumber = oneLine(input.orderNumber);
  const senderEmail = oneLine(sender.email);
  const { phoneNumber, mobileNumber } = colissimoPhone(sender.phone, senderCountry);
  const senderPhone = phoneNumber ?? mobileNumber;
  const pickupLocationId = oneLine(input.pickupLocationId);
  const max = SLS_MAX_LENGTHS;
  return {
    contractNumber: oneLine(input.contractNumber),
    // Sent as typed: a password may begin or end with a space.
    password: input.password,
    // Required; 0 leaves the print where SLS puts it.
    outputFormat: { x: 0, y: 0, outputPrintingType: input.format },
    letter: {
      service: {
        productCode: SLS_PRODUCT_CODES[input.productCode],
        depositDate: oneLine(input.depositDate),
        orderNumber: cut(orderNumber, max.orderNumber),
        commercialName: cut(oneLine(input.commercialName), max.commercialName),
      },
      parcel: {
        weight: slsWeightKg(input.weightGrams),
        // SLS wants it for a pick-up point and refuses it for a home delivery.
        ...(input.productCode === "A2P" && { pickupLocationId }),
      },
      sender: {
        senderParcelRef: cut(orderNumber, max.senderParcelRef),
        address: {
          companyName: cut(oneLine(sender.companyName), max.companyName),
          ...addressLines(sender.line, null, senderCountry),
          countryCode: senderCountry,
          city: cut(oneLine(sender.city), max.city),
          zipCode: oneLine(sender.zipCode),
          ...(senderEmail ? { email: senderEmail } : {}),
          // The shop's phone is no notification number: it goes as phoneNumber, whatever its kind.
          ...(senderPhone ? { phoneNumber: senderPhone } : {}),
        },
      },
      addressee: {
        addresseeParcelRef: cut(orderNumber, max.addresseeParcelRef),
        address: {
          lastName: cut(oneLine(addressee.lastName), max.lastName),
          firstName: cut(oneLine(addressee.firstName), max.firstName),
          ...addressLines(addressee.line1, addressee.line2, addresseeCountry),
          countryCode: addresseeCountry,
          city: cut(oneLine(addressee.city), max.city),
          zipCode: oneLine(addressee.zipCode),
          ...colissimoPhone(addressee.phone, addresseeCountry),
          email: oneLine(addressee.email),
        },
      },
    },
  };
}

// ZUGFeRD / Factur-X, profile XRECHNUNG: the printed invoice as PDF/A-3b (pdfkit writes the sRGB
// output intent, the pdfaid part/conformance in the XMP and embeds every font), the CII XML
// attached as xrechnung.xml with /AFRelationship /Alternative in the catalog's /AF array, and the
// Factur-X XMP properties with the PDF/A extension schema that declares them (PDF/A-3 accepts
// properties outside its predefined schemas only when described so).

const FX = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const ZUGFERD_FILE_NAME = 'xrechnung.xml';

const property = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

/** The XMP descriptions pdfkit's metadata lacks: the Factur-X properties and their extension schema. */
export const FACTURX_XMP = `
        <rdf:Description rdf:about="" xmlns:fx="${FX}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${ZUGFERD_FILE_NAME}</fx:DocumentFileName>
          <fx:Version>3.0</fx:Version>
          <fx:ConformanceLevel>XRECHNUNG</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${[
                    property('DocumentFileName', 'The name of the embedded XML document'),
                    property(
                      'DocumentType',
                      'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
                    ),
                    property('Version', 'The actual version of the standard applying to the embedded XML document'),
                    property('ConformanceLevel', 'The conformance level of the embedded XML document'),
                  ].join('')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>`;

/** pdfkit writes the title into the XMP unescaped: keep it to characters that need no escaping there. */
export const xmpSafe = (title: string) => title.replace(/[<>&"']/g, ' ');

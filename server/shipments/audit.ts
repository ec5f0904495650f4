// The module's lines of the audit record (docs/requirements.md §11.6, §12.11), with their labels.
export const SHIPMENT_AUDIT_ACTIONS = {
  'shipment.opened': 'Embarque aberto',
  'shipment.changed': 'Embarque alterado',
  'shipment.event': 'Evento de embarque registrado',
  'shipment.viewed': 'Embarque visto',
  'shipment.driver_link': 'Link do motorista gerado',
  'shipment.driver_link.revoked': 'Link do motorista revogado',
  'shipment.notices_stopped': 'Avisos do embarque interrompidos pelo cliente',
  'shipment.proof_viewed': 'Comprovante de entrega aberto',
  'integration.created': 'Integração criada',
  'integration.revoked': 'Integração revogada',
} as const;
